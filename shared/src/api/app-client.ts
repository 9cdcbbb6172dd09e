import type { DataOf, Endpoint, InputOf } from '../contracts/envelope';
import { i18n } from '../i18n/i18n';
import { dropOfflineSnapshots } from '../query/offline-db';
import { LANGUAGE_STORAGE_KEY, languageByKey } from '../i18n/languages';
import { languageAtom, store, tokenAtom, userInfoAtom } from '../store/store.atoms';
import { toast } from '../ui/toast.ui';
import { type ApiClientDeps, type CallOptions, createApiClient } from './api-client';
import { takeEarlyCall } from './early-calls';

/** The country of the last login or registration on this phone (the next one starts from it). */
export const LAST_COUNTRY_KEY = 'lastCountry';

/** What a session that ends keeps on this phone: the earner's choices, not their session. */
const KEPT_ON_SESSION_END = [LANGUAGE_STORAGE_KEY, LAST_COUNTRY_KEY] as const;

/** Set for the login page of the reload that follows a 401: it says why the earner is there. */
export const SESSION_ENDED_KEY = 'sessionEnded';

/**
 * SPEC §4: a 401 clears storage and reloads; the guard then shows the login page. The language and
 * country chosen are read first and written back, so the login page speaks the earner's language.
 */
function endSession() {
  const kept: [string, string][] = [];
  try {
    for (const key of KEPT_ON_SESSION_END) {
      const value = localStorage.getItem(key);
      if (value !== null) kept.push([key, value]);
    }
    localStorage.clear();
    for (const [key, value] of kept) localStorage.setItem(key, value);
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Storage blocked: nothing was kept to clear.
  }
  // Keyed by earner, so even a deletion the reload cuts short shows nobody else these figures.
  dropOfflineSnapshots();
  location.reload();
}

/**
 * The API clients wired to the store, i18n and toasts: the one instance that host and remotes use
 * (the client itself takes these as arguments, so it never imports them and its tests pass fakes).
 */
export const apiDeps: ApiClientDeps = {
  getToken: () => store.get(tokenAtom),
  getLanguageTag: () => languageByKey(store.get(languageAtom)).tag,
  getThirdParty: () => store.get(userInfoAtom),
  onUnauthorized: endSession,
  notifyError: (message) => toast.danger(message),
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  translate: (key) => i18n.t(key, { ns: 'common' }),
  takeEarly: (url, headers) => takeEarlyCall(url, headers),
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
