import { type ConsoleWaiting, consoleWaiting } from '@grab/shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Screen } from '../access';
import { call } from '../api/client';
import { ASKED_AFTER_ACTIONS } from '../api/query-client';

/** Often enough that a reviewer sees new proofs arrive while deciding others; one small count query. */
const REFRESH_MS = 30_000;

/**
 * What waits for the signed-in operator (only the work of the screens their role opens): one query
 * however many parts of the console show it, asked again every 30 s, on coming back to the tab, and
 * after each action (`ASKED_AFTER_ACTIONS`).
 */
export function useWaiting(): ConsoleWaiting | undefined {
  return useQuery({ queryKey: [...ASKED_AFTER_ACTIONS, 'waiting'], queryFn: () => call(consoleWaiting, {}), refetchInterval: REFRESH_MS, refetchOnWindowFocus: true }).data;
}

/** How many items wait on a screen's work: submissions undecided, orders to approve or to retry, flags to decide. */
export function waitingOn(screen: Screen, waiting: ConsoleWaiting | undefined): number {
  if (screen === 'reviews') return waiting?.reviews?.undecided ?? 0;
  if (screen === 'withdrawals') return (waiting?.withdrawals?.awaitingApproval ?? 0) + (waiting?.withdrawals?.dispatchFailed ?? 0);
  if (screen === 'fraud') return (waiting?.fraud?.signupFlags ?? 0) + (waiting?.fraud?.heldRebates ?? 0);
  return 0;
}

/**
 * What waits on a menu entry's screen: a pill after its name, read out as "Review queue 3 waiting"
 * (the words stay hidden; the name read keeps the text seen, as speech input needs).
 */
export function WaitingPill({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="waiting">
      {count > 999 ? '999+' : count}
      <span className="g-visually-hidden"> waiting</span>
    </span>
  );
}

const BASE_TITLE = typeof document === 'undefined' ? '' : document.title;

/** The tab's title leads with what waits, so a reviewer working elsewhere sees new work arrive. */
export function useWaitingTitle(total: number): void {
  useEffect(() => {
    document.title = total > 0 ? `(${total}) ${BASE_TITLE}` : BASE_TITLE;
    return () => {
      document.title = BASE_TITLE;
    };
  }, [total]);
}
