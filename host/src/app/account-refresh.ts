import { keepFreshAccount, queryClient, store, tokenAtom, userInfoAtom, userInfoQuery } from '@grab/shared';

/** An answer this recent, from the Account page's own call, is fresh enough to keep. */
export const ACCOUNT_FRESH_MS = 60_000;

/**
 * The account the session stored at login is asked for again once a start has loaded, so what the
 * server changed since (the currency the account is paid in, its level) shows on Home without a
 * visit to Account or a new login. After the load, so it never competes with the first screen's
 * calls; quiet, so offline the stored copy simply stays.
 */
export function refreshStoredAccount(): Promise<void> {
  if (store.get(userInfoAtom) === null || store.get(tokenAtom) === null) return Promise.resolve();
  // A start on Account has just asked for the same: its answer is taken instead of asking twice.
  return queryClient.fetchQuery({ ...userInfoQuery({ quiet: true }), staleTime: ACCOUNT_FRESH_MS }).then(keepFreshAccount, () => undefined);
}
