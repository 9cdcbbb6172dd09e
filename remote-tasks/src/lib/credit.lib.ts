import { type Credit, noteRewardCollected, tasksChanged } from '@grab/shared';
import { useCallback, useState } from 'react';

/** Runs a crediting call (collect, redeem) once at a time and keeps what it credited for the screen. */
export function useCredit() {
  const [busy, setBusy] = useState(false);
  const [credit, setCredit] = useState<Credit | null>(null);
  const run = useCallback(async (call: () => Promise<Credit | undefined>): Promise<Credit | undefined> => {
    setBusy(true);
    // A new try's answer replaces the last one's: an old "10 points credited" never sits beside a new refusal.
    setCredit(null);
    try {
      const result = await call();
      if (result) {
        setCredit(result);
        noteRewardCollected();
        // The balance, the task, its progress and the lists all moved: every screen showing them asks
        // again now ("1 of 3 done" without a reload). Screens keep a credit's confirmation themselves.
        void tasksChanged();
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
