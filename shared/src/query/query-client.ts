import { QueryClient } from '@tanstack/react-query';
import type { DataOf, Endpoint, InputOf } from '../contracts/envelope';
import type { CallOptions } from '../api/api-client';
import { callMain, callMessaging } from '../api/app-client';

/**
 * The one cache of server state on the page. It lives in @grab/shared, which Module Federation
 * shares as a singleton, so host and remotes read and invalidate the same entries. react-query
 * itself is not MF-shared: it is reached only through this package's exports, which lets the
 * bundler drop the parts nobody uses (notes/first-load-bytes.md).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The client has already told the earner why a call failed, and every screen offers its own
      // retry: an automatic one would only double the wait on a slow link.
      retry: false,
      // Ask even when the browser believes it is offline: the failure then shows the screen's retry,
      // as it did before, instead of a skeleton that waits for a connection event.
      networkMode: 'always',
      // staleTime 0: a screen that opens or shows again asks again, while it shows what it has. The
      // server changes this state behind the client's back (reviews, visits, the clock).
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Thrown into a query's `error` when the envelope said no (its message was toasted). */
export class CallFailed extends Error {
  override name = 'CallFailed';
}

/**
 * A query function for an endpoint: the call's data, or a rejection (CallFailed when the server
 * refused, the client's NetworkError otherwise) that the screen shows with its retry. With
 * `inline`, a refusal rejects with `Refused`, whose message the screen shows in place.
 */
export async function fetchEndpoint<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options?: CallOptions): Promise<DataOf<E>> {
  const data = endpoint.api === 'messaging' ? await callMessaging(endpoint, input) : await callMain(endpoint, input, options);
  if (data === undefined) throw new CallFailed(`${endpoint.method} ${endpoint.path}`);
  return data;
}
