import type { DataOf, Endpoint, InputOf } from '../contracts/envelope';
import { i18n } from '../i18n/i18n';
import { languageByKey } from '../i18n/languages';
import { languageAtom, store, tokenAtom, userInfoAtom } from '../store/store.atoms';
import { toast } from '../ui/toast.ui';
import { type ApiClientDeps, type CallOptions, createApiClient } from './api-client';

/**
 * The API clients wired to the store, i18n and toasts: the one instance that host and remotes use
 * (the client itself takes these as arguments, so it never imports them and its tests pass fakes).
 */
export const apiDeps: ApiClientDeps = {
  getToken: () => store.get(tokenAtom),
  getLanguageTag: () => languageByKey(store.get(languageAtom)).tag,
  getThirdParty: () => store.get(userInfoAtom),
  onUnauthorized: () => {
    // SPEC §4: clear everything and reload; the guard then shows the login page.
    localStorage.clear();
    location.reload();
  },
  notifyError: (message) => toast.danger(message),
  translate: (key) => i18n.t(key, { ns: 'common' }),
};

export const client = createApiClient(apiDeps);

/** Main API call (SPEC §7); resolves `undefined` when the server said no (its message is toasted, or thrown with `inline`). */
export function callMain<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options?: CallOptions): Promise<DataOf<E> | undefined> {
  return client.callMain(endpoint, input, options);
}

/** Messaging API call (SPEC §7–8): adds `sign`, `x-time`, `x-verify`; resolves `undefined` on any failure. */
export function callMessaging<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<DataOf<E> | undefined> {
  return client.callMessaging(endpoint, input);
}
