import { type Credit, noteRewardCollected, tasksChanged } from '@grab/shared';
import { useCallback, useState } from 'react';

/** Runs a crediting call (collect, redeem) once at a time and keeps what it credited for the screen. */
export function useCredit() {
  const [busy, setBusy] = useState(false);
  const [credit, setCredit] = useState<Credit | null>(null);
  const run = useCallback(async (call: () => Promise<Credit | undefined>): Promise<Credit | undefined> => {
    setBusy(true);
    try {
      const result = await call();
      if (result) {
        setCredit(result);
        noteRewardCollected();
        // The balance, the task and its list all moved. The balance is asked again at once; the task
        // screens when they next show, so this one keeps the credit it confirms.
        void tasksChanged({ refetchShown: false });
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
