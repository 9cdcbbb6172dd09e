import { type ConsoleWaiting, consoleWaiting } from '@grab/shared/contracts';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Screen } from '../access';
import { call } from '../api/client';

const WAITING_KEY = ['console', 'waiting'] as const;
/** Often enough that a reviewer sees new proofs arrive while deciding others; one small count query. */
const REFRESH_MS = 30_000;

/**
 * What waits for the signed-in operator (only the work of the screens their role opens): asked again
 * every 30 s, on coming back to the tab, and once each action of any screen has settled.
 */
export function useWaiting(): ConsoleWaiting | undefined {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: WAITING_KEY, queryFn: () => call(consoleWaiting, {}), refetchInterval: REFRESH_MS, refetchOnWindowFocus: true });
  const mutating = useIsMutating();
  const wasMutating = useRef(0);
  useEffect(() => {
    if (wasMutating.current > 0 && mutating === 0) void client.invalidateQueries({ queryKey: WAITING_KEY });
    wasMutating.current = mutating;
  }, [mutating, client]);
  return data;
}

/** How many items wait on a screen's work: submissions undecided, orders to approve or to retry. */
export function waitingOn(screen: Screen, waiting: ConsoleWaiting | undefined): number {
  if (screen === 'reviews') return waiting?.reviews?.undecided ?? 0;
  if (screen === 'withdrawals') return (waiting?.withdrawals?.awaitingApproval ?? 0) + (waiting?.withdrawals?.dispatchFailed ?? 0);
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
      <span className="visually-hidden"> waiting</span>
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
