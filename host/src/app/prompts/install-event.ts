/**
 * Chrome on Android offers to install a site with a manifest and an offline worker by firing
 * `beforeinstallprompt`, early and once per page. It is kept here from the first moment (the
 * listener is a few bytes of the first load), and Chrome's own banner is held back: Grab asks in its
 * own words, and only after the earner's first reward (home-prompts.tsx).
 */

/** The event as Chrome fires it (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(next: InstallPromptEvent | null) {
  held = next;
  for (const listener of listeners) listener();
}

export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  // Installed (by our card or the browser menu): nothing is left to offer.
  target.addEventListener('appinstalled', () => changed(null));
}

/** The held event, or null: none fired, or it was used (an event can prompt once). */
export function heldInstallPrompt(): InstallPromptEvent | null {
  return held;
}

export function forgetInstallPrompt(): void {
  changed(null);
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
