/**
 * A number inside a sentence ("Send it as a message from +91 98765 43210.") kept on one line: its
 * groups are joined by no-break spaces, so a line never ends between "+91 98765" and "43210".
 * Listed on its own, a number may still wrap at its groups when the text is large.
 */
export function phoneInText(phone: string): string {
  return phone.replaceAll(' ', '\u00A0');
}
