/** Letters of the right-to-left scripts (Hebrew, Arabic and Urdu, Syriac, Thaana, N'Ko…). */
export const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const FIRST_LETTER = /\p{L}/u;
/** A value isolated inside the text (interpolate.ts) has a direction of its own and does not count. */
const ISOLATED = /[\u2066-\u2068][^\u2069]*\u2069?/g;

/**
 * The direction of a text an operator wrote (a task's title or description), by the script most of
 * its words are in; on a tie, by its first word. The browser's `dir="auto"` looks at the first letter
 * only, so "Grab کا آفیشل پیج فالو کریں", an Urdu sentence that opens with the brand, was laid out
 * left to right, its words in the wrong order across lines. Undefined when the text has no letters:
 * it then follows the page. Values isolated inside it (FSI … PDI) are not counted, as the bidirectional
 * algorithm itself skips them.
 */
export function directionOf(text: string): 'rtl' | 'ltr' | undefined {
  let rightToLeft = 0;
  let leftToRight = 0;
  let first: 'rtl' | 'ltr' | undefined;
  for (const word of text.replace(ISOLATED, ' ').split(/\s+/)) {
    const letter = FIRST_LETTER.exec(word)?.[0];
    if (!letter) continue;
    const direction = RIGHT_TO_LEFT_LETTER.test(letter) ? 'rtl' : 'ltr';
    first ??= direction;
    if (direction === 'rtl') rightToLeft += 1;
    else leftToRight += 1;
  }
  if (rightToLeft === leftToRight) return first;
  return rightToLeft > leftToRight ? 'rtl' : 'ltr';
}
