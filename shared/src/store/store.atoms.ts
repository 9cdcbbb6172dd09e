import { atom, getDefaultStore, type SetStateAction, type WritableAtom } from 'jotai/vanilla';
import type { Session } from '../contracts/auth.contracts';
import type { CommonConfig } from '../contracts/config.contracts';
import { LanguageKey, UserInfo } from '../contracts/user.contracts';
import { LANGUAGE_STORAGE_KEY, phoneLanguage } from '../i18n/languages';

import { TOKEN_STORAGE_KEY, USER_INFO_STORAGE_KEY } from './storage-keys';

export { TOKEN_STORAGE_KEY, USER_INFO_STORAGE_KEY };

/**
 * jotai's default store, so a hook used outside any <StoreProvider> still sees the same state;
 * host and remotes get this very object because the package is a Module Federation singleton.
 */
export const store = getDefaultStore();

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as logged out.
    return null;
  }
}

function writeStorage(key: string, raw: string | null) {
  try {
    if (raw === null) localStorage.removeItem(key);
    else localStorage.setItem(key, raw);
  } catch {
    // The in-memory value still holds for this page.
  }
}

type PersistedAtom<T> = WritableAtom<T, [SetStateAction<T>], void>;

/**
 * An atom mirrored in local storage. The stored value is read on first use, not at import, so a
 * test (or the host) can prepare storage before anything reads it.
 */
function persistedAtom<T>(key: string, decode: (raw: string | null) => T, encode: (value: T) => string | null): PersistedAtom<T> {
  const UNREAD = Symbol('unread');
  const memory = atom<T | typeof UNREAD>(UNREAD);
  return atom(
    (get) => {
      const value = get(memory);
      return value === UNREAD ? decode(readStorage(key)) : value;
    },
    (get, set, update: SetStateAction<T>) => {
      const current = get(memory);
      const previous = current === UNREAD ? decode(readStorage(key)) : current;
      const next = typeof update === 'function' ? (update as (prev: T) => T)(previous) : update;
      writeStorage(key, encode(next));
      set(memory, next);
    },
  );
}

function decodeUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const parsed = UserInfo.safeParse(JSON.parse(raw));
    // A stale or tampered value counts as no session: the guard then sends the earner to login.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const tokenAtom = persistedAtom<string | null>(TOKEN_STORAGE_KEY, (raw) => raw || null, (value) => value);
export const userInfoAtom = persistedAtom<UserInfo | null>(USER_INFO_STORAGE_KEY, decodeUserInfo, (value) =>
  value ? JSON.stringify(value) : null,
);
export const languageAtom = persistedAtom<LanguageKey>(
  LANGUAGE_STORAGE_KEY,
  (raw) => {
    const parsed = LanguageKey.safeParse(raw);
    return parsed.success ? parsed.data : phoneLanguage();
  },
  (value) => value,
);

/** The public config (title, ad pixel, welcome bonus), loaded once at start-up by the host. */
export const configAtom = atom<CommonConfig | null>(null);

/** Keeps a new session in memory and local storage (session.ts also drops the cached server state). */
export function storeSession(session: Session) {
  store.set(tokenAtom, session.token);
  store.set(userInfoAtom, session.userInfo);
}

/**
 * The session keeps the newest copy of its account as the server answers it. A copy of another
 * account (the session changed while the call was out) is not taken.
 */
export function keepFreshAccount(fresh: UserInfo) {
  const current = store.get(userInfoAtom);
  if (current && current.id === fresh.id) store.set(userInfoAtom, fresh);
}

/** Forgets the persisted session (session.ts also drops the cached server state). */
export function clearStoredSession() {
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
}
