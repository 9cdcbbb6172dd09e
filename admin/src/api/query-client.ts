import { MutationCache, QueryClient } from '@tanstack/react-query';

/** Queries under this key are asked again each time an operator action settles, on any screen. */
export const ASKED_AFTER_ACTIONS = ['console', 'after-actions'] as const;

/**
 * The console's query cache, in the app and in its screens' tests alike: no retries (a refusal is
 * shown, not repeated), no refetch on focus unless a query asks for it, and one place that makes
 * what an action changes stale, instead of each screen watching for its own.
 */
export function consoleQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({ onSettled: () => client.invalidateQueries({ queryKey: ASKED_AFTER_ACTIONS }) }),
  });
  return client;
}
