import { balanceChanged, callMain, fetchEndpoint, queryClient, randomKey, userKeys } from '@grab/shared';
import { drawSetup, drawSpin, drawStatus, type SpinAnswer } from '@grab/shared/contracts';

// Under `user`: a prize is a credit, and every credit makes `user` stale (balanceChanged).
export const drawKeys = { setup: ['draw', 'setup'] as const, status: [...userKeys.all, 'draw'] as const };

export const drawSetupQuery = () => ({ queryKey: drawKeys.setup, queryFn: () => fetchEndpoint(drawSetup) });
export const drawStatusQuery = () => ({ queryKey: drawKeys.status, queryFn: () => fetchEndpoint(drawStatus) });

/**
 * The key of a tap whose answer has not arrived yet. It is kept in the tab's session storage before
 * the call, so a reload mid-spin asks again with the same key and is answered the same spin.
 */
const PENDING_KEY = 'grab.draw.pendingSpin';

export const pendingSpinKey = (): string | null => sessionStorage.getItem(PENDING_KEY);

/** One tap of Spin: the earner sends only the key; the server answers the prize. */
export async function requestSpin(key = pendingSpinKey() ?? randomKey()): Promise<SpinAnswer | undefined> {
  sessionStorage.setItem(PENDING_KEY, key);
  // A refusal resolves undefined after its message is shown; a lost answer throws and keeps the key.
  return callMain(drawSpin, { idempotencyKey: key });
}

/** The prize has been shown: the key is done with, and the balance and spins are read again once. */
export async function spinShown(): Promise<void> {
  sessionStorage.removeItem(PENDING_KEY);
  await balanceChanged();
}

/** A refusal (no spins left): the key is dropped so the next tap is a new one. */
export function spinRefused(): void {
  sessionStorage.removeItem(PENDING_KEY);
  void queryClient.invalidateQueries({ queryKey: drawKeys.status });
}
