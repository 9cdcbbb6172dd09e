/**
 * A value the server embedded in index.html as a JSON data element (never run), or undefined when
 * the page has none or it is not JSON: the shell cached by the offline worker, a host served by a
 * plain static server, an edited page. The caller checks it against its contract.
 */
export function embeddedJson(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
