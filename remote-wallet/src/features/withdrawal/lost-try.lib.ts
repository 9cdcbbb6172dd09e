/** A withdrawal whose answer was lost on the way back: it may have been made, under this key. */
export interface LostTry {
  amount: number;
  recipientId: number;
  key: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORE_KEY = 'grab.withdrawal.lostTry';

/**
 * The try is kept in the tab's session storage, not only in the page: an earner who leaves the page
 * after a lost answer (to look at the orders, which may not load either) and confirms the same
 * withdrawal on coming back still sends the same key, so it can never become a second order. It is
 * the signed-in account's only: another account in the same tab is never told of it.
 */
export function readLostTry(userId: number | undefined, store: Store = sessionStorage): LostTry | null {
  if (userId === undefined) return null;
  try {
    const kept: unknown = JSON.parse(store.getItem(STORE_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { userId: owner, amount, recipientId, key } = kept as Record<string, unknown>;
    if (owner !== userId || !Number.isSafeInteger(amount) || !Number.isSafeInteger(recipientId) || typeof key !== 'string' || key === '') return null;
    return { amount: amount as number, recipientId: recipientId as number, key };
  } catch {
    // Blocked or unreadable storage: nothing was kept.
    return null;
  }
}

/** Keeps the lost try, or forgets it once a try is answered (an order or a refusal). */
export function keepLostTry(userId: number | undefined, lost: LostTry | null, store: Store = sessionStorage): void {
  try {
    if (lost === null || userId === undefined) store.removeItem(STORE_KEY);
    else store.setItem(STORE_KEY, JSON.stringify({ userId, ...lost }));
  } catch {
    // Blocked storage: the page still keeps it while it is open.
  }
}
