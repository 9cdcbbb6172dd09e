/**
 * U+0000 is the one character PostgreSQL's text cannot hold: a value carrying it reached the
 * database and failed there as a 500, on calls anyone can make (login, an invitation code). It is
 * refused here as a malformed request, before any handler or query runs.
 */

/** `\u0000` written in a JSON text, and not a backslash written before "u0000". */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

/** A malformed request, to the error handler: 400 and the earner's "malformed" message. */
export function nulRefusal(): Error {
  return Object.assign(new Error('U+0000 in the request'), { statusCode: 400 });
}

/** Whether a JSON text, once parsed, would hold U+0000 anywhere (JSON can only write it escaped). */
export function jsonHasNul(text: string): boolean {
  return text.includes('\\u0000') && ESCAPED_NUL.test(text);
}

/** Whether a parsed query string (values, or lists of them) holds U+0000. */
export function queryHasNul(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return false;
  for (const value of Object.values(query)) {
    if (typeof value === 'string' ? value.includes('\0') : Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes('\0'))) return true;
  }
  return false;
}
