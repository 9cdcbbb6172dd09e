/**
 * Reasons a reviewer picks from when a proof fails; free text may follow. They are stored as the
 * reviewer leaves them, in English, and the earner's pages show a reason that begins with one in
 * the earner's language (`reviewPresetOf`), the rest as the reviewer wrote it.
 */
export const REVIEW_FAIL_PRESETS = [
  'The screenshot does not show the finished task',
  'The screenshot is cut off or unreadable',
  'This screenshot was already submitted by someone else',
  'The account name does not match yours',
] as const;

/** The preset a stored reason begins with (its number, from 1) and what the reviewer added after it. */
export function reviewPresetOf(reason: string): { preset: number; rest: string } | null {
  const index = REVIEW_FAIL_PRESETS.findIndex((preset) => reason.startsWith(preset));
  if (index < 0) return null;
  // A preset and then "." or a space: what follows is the reviewer's own words.
  const rest = reason.slice((REVIEW_FAIL_PRESETS[index] ?? '').length).replace(/^[\s.:;,-]+/, '');
  return { preset: index + 1, rest };
}
