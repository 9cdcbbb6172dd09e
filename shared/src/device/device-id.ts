/**
 * The random id this browser keeps in local storage. Share visits send it so that one browser
 * counts once; sign-ups and logins send it so that sign-ups are limited per device and a sharer's
 * own browser never counts as a visitor. It identifies a browser, never a person, and holds nothing.
 */
export const DEVICE_ID_KEY = 'visitorId';
const VALID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * 32 random hex digits: device ids and the idempotency keys of retried writes. `getRandomValues`,
 * because `randomUUID` is missing from pages served over plain http (a phone on the local network).
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The random key kept in `storage` under `name`, made and kept at first use. Storage can be blocked
 * (private tabs, a full quota): then the key made lives for this call only, and callers say what
 * that costs them.
 */
export function keptKey(storage: Pick<Storage, 'getItem' | 'setItem'>, name: string, make: () => string = randomKey): string {
  try {
    const kept = storage.getItem(name);
    if (kept && VALID.test(kept)) return kept;
  } catch {
    // Blocked: a fresh key below.
  }
  const key = make();
  try {
    storage.setItem(name, key);
  } catch {
    // Blocked: not kept.
  }
  return key;
}

/** Blocked storage gives a fresh id for this page, which the server still counts once per address. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage, randomId: () => string = randomKey): string {
  return keptKey(storage, DEVICE_ID_KEY, randomId);
}
