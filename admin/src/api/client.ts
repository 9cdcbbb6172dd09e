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

const deps = {
  getToken: session.token,
  getLanguageTag: () => 'en-US',
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

/** An uploaded picture (proof screenshots) as a blob: URL, read with the console's token. */
export const loadPicture = (id: string) => fetchImageUrl(id, deps);

export { Refused };
