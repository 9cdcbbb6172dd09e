import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataOf, Endpoint, InputOf } from '../contracts/envelope';

export interface CallState<D> {
  data: D | undefined;
  /** Set when the call failed; the client has already told the earner why (toast). */
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Resolves with undefined when the call failed after the earner was told why. */
export type Caller = <E extends Endpoint>(endpoint: E, input?: InputOf<E>) => Promise<DataOf<E> | undefined>;

/** Thrown into `error` when the envelope said no (its message was toasted). */
export class CallFailed extends Error {
  override name = 'CallFailed';
}

export interface Callers {
  callMain: Caller;
  callMessaging: Caller;
}

/** `useCall` of index.ts, with the clients passed in so that tests can hand it fakes. */
export function useCallWith<E extends Endpoint>(callers: Callers, endpoint: E, input?: InputOf<E>): CallState<DataOf<E>> {
  const [state, setState] = useState<{ data: DataOf<E> | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  // Callers pass object literals; the serialised input is what decides whether to fetch again.
  const key = JSON.stringify(input ?? null);
  const inputRef = useRef(input);
  inputRef.current = input;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input, `attempt` for reload
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, error: undefined, loading: true }));
    const call = endpoint.api === 'messaging' ? callers.callMessaging : callers.callMain;
    call(endpoint, inputRef.current).then(
      (data) => {
        if (!live) return;
        if (data === undefined) setState({ data: undefined, error: new CallFailed(endpoint.path), loading: false });
        else setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (live) setState({ data: undefined, error, loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [endpoint, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
