/** Copies text (Clipboard API, or a selection where it is missing); the helper is loaded when first used. */
export function copyText(text: string): Promise<boolean> {
  return import('./clipboard').then((m) => m.copyText(text));
}
