/**
 * Wraps text the server wrote (a reviewer's reason) in Unicode isolates, so that English inside an
 * Urdu sentence, or the reverse, keeps its own direction and punctuation.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
