import { keptKey } from '@grab/shared';

const PREFIX = 'redeem-attempt:';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The key of this tab's try of a code, kept until the try is answered: a try whose answer was lost
 * (the phone went offline, the page was reloaded) is sent again with the same key, and the server
 * answers the credit it made instead of "already redeemed".
 */
export function attemptFor(code: string, store: Store = sessionStorage): string {
  // With storage blocked the key serves this try only.
  return keptKey(store, PREFIX + code.trim().toUpperCase());
}

/** The try was answered (credited or refused): the next try of the code is a new one. */
export function attemptAnswered(code: string, store: Store = sessionStorage): void {
  try {
    store.removeItem(PREFIX + code.trim().toUpperCase());
  } catch {
    // Nothing was kept.
  }
}
