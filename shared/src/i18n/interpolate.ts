import { RIGHT_TO_LEFT_LETTER } from './direction';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
/** Plain digits keep their order in any text. */
const PLAIN_NUMBER = /^\d+$/;

/**
 * Fills a text's `{{name}}` placeholders with `values`; one a caller did not pass stays visible as
 * its placeholder. The client's translator and the server's messages share it.
 *
 * A value is isolated (FSI … PDI, invisible) wherever the two directions meet, unless it is a plain
 * number: every value in a right-to-left text, since after Urdu words the bidirectional rules turn a
 * value's digits into Arabic numbers and move a sign beside them to their other side ("$4.00" was
 * drawn "4.00$"); and a value with right-to-left letters in any text, such as a reason an operator
 * wrote in Urdu shown on an English screen, whose punctuation would otherwise join the sentence's.
 * Isolated, each value keeps its own direction; a phone number, with no letters, reads left to right.
 */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>): string {
  const rightToLeftText = RIGHT_TO_LEFT_LETTER.test(text);
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
    if (!(name in values)) return placeholder;
    const value = String(values[name]);
    const isolate = (rightToLeftText || RIGHT_TO_LEFT_LETTER.test(value)) && !PLAIN_NUMBER.test(value);
    return isolate ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value;
  });
}
