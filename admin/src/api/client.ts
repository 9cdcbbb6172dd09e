import { createApiClient, Refused } from '@grab/shared/api-client';
import type { DataOf, Endpoint, InputOf } from '@grab/shared/contracts';
import { fetchImageUrl } from '@grab/shared/image-download';

/**
 * The console keeps its own session, apart from the earner app's on the same origin: an operator
 * who also tries the earner app is never signed in to one as the other.
 */
const TOKEN_KEY = 'grab.console.token';

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

let onSignedOut: () => void = () => undefined;
export function whenSignedOut(listener: () => void): void {
  onSignedOut = listener;
}

const signingOut = new Set<() => void>();

/**
 * `listener` runs when the operator signs out, while the session still has its token: what a screen
 * holds on the server (a claimed submission) can still be handed back. Gives the unsubscribe.
 */
export function beforeSignOut(listener: () => void): () => void {
  signingOut.add(listener);
  return () => signingOut.delete(listener);
}

/** Signing out of the console: the screens let go of what they hold, then the session ends. */
export function signOut(): void {
  for (const listener of signingOut) listener();
  session.clear();
}

/** The console is written in English, and so are the server's messages it asks for. */
const LANGUAGE_TAG = 'en-US';

const deps = {
  getToken: session.token,
  getLanguageTag: () => LANGUAGE_TAG,
  getThirdParty: () => null,
  onUnauthorized: () => {
    session.clear();
    onSignedOut();
  },
  // Refusals come back as thrown `Refused` (inline calls): each screen shows them where they apply.
  notifyError: (message: string) => console.warn(message),
  translate: (key: string) => key,
};

/** The shared API client of the earner app, with the console's session: one client, one contract. */
const client = createApiClient(deps);

/** Calls a contract endpoint and gives its checked data, or throws `Refused` with the server's message. */
export async function call<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<DataOf<E>> {
  const data = await client.callMain(endpoint, input, { inline: true });
  if (data === undefined) throw new Refused('The server did not answer', 0);
  return data;
}

/**
 * A POST that must reach the server although the page may be going away (the tab closing, the
 * screen unmounting, the operator signing out). `keepalive` lets the browser finish it after the
 * page is gone and, unlike `sendBeacon`, carries the bearer token. Nobody is left to read the
 * answer: a call that is lost leaves what it undoes to run out on its own.
 */
export function sendOnLeave<E extends Endpoint>(endpoint: E, input: InputOf<E>): void {
  const token = session.token();
  if (!token || endpoint.method !== 'POST') return;
  fetch(endpoint.path, {
    method: 'POST',
    keepalive: true,
    headers: { Accept: 'application/json', 'Accept-Language': LANGUAGE_TAG, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  }).catch(() => undefined);
}

/** An uploaded picture (proof screenshots) as a blob: URL, read with the console's token. */
export const loadPicture = (id: string) => fetchImageUrl(id, deps);

export { Refused };
