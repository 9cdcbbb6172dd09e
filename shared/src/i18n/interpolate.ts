/** Letters of the right-to-left scripts (Hebrew, Arabic and Urdu, Syriac, Thaana, N'Ko…). */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
/** Plain digits keep their order in any text, and a value that opens an isolate of its own (the
 * signed points of points-text.ts, a phone number) is isolated already: both are left as they are. */
const LEFT_AS_IT_IS = /^(\d+$|[\u2066-\u2068])/;

/**
 * Fills a text's `{{name}}` placeholders with `values`; one a caller did not pass stays visible as
 * its placeholder. The client's translator and the server's messages share it.
 *
 * In a right-to-left text every value but a plain number is isolated (FSI … PDI, invisible): after
 * Urdu words, the bidirectional rules turn a value's digits into Arabic numbers and move a sign
 * beside them to their other side, so "$4.00" was drawn "4.00$".
 * Isolated, each value keeps its own direction.
 */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>): string {
  const isolate = RIGHT_TO_LEFT_LETTER.test(text);
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
    if (!(name in values)) return placeholder;
    const value = String(values[name]);
    return isolate && !LEFT_AS_IT_IS.test(value) ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value;
  });
}
