import { assetInfo, type Credit, callMain, store, userBalanceAtom, userInfoAtom } from '@grab/shared';
import { useCallback, useState } from 'react';

/**
 * After a credit the balance the app shows is the one the server answered; the other figures of the
 * balance card (today, total, withdrawable) are asked again when the card is already loaded.
 */
export function applyCredit(credit: Credit) {
  store.set(userInfoAtom, (user) => (user ? { ...user, asset: credit.balance } : user));
  store.set(userBalanceAtom, (previous) => (previous ? { ...previous, balance: credit.balance } : previous));
  refreshBalance();
}

/** Asks the balance again when a screen shows it (a credit came from elsewhere: a passed review). */
export function refreshBalance() {
  if (store.get(userBalanceAtom) === null) return;
  callMain(assetInfo).then(
    (fresh) => {
      if (!fresh) return;
      store.set(userBalanceAtom, fresh);
      store.set(userInfoAtom, (user) => (user ? { ...user, asset: fresh.balance } : user));
    },
    () => undefined,
  );
}

/** Runs a crediting call (collect, redeem) once at a time and keeps what it credited for the screen. */
export function useCredit() {
  const [busy, setBusy] = useState(false);
  const [credit, setCredit] = useState<Credit | null>(null);
  const run = useCallback(async (call: () => Promise<Credit | undefined>): Promise<Credit | undefined> => {
    setBusy(true);
    try {
      const result = await call();
      if (result) {
        applyCredit(result);
        setCredit(result);
      }
      return result;
    } catch {
      // Already toasted by the client; the button is usable again.
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, credit, run };
}
