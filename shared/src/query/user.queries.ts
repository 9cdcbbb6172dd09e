import { queryOptions } from '@tanstack/react-query';
import { assetInfo, userInfo } from '../contracts/user.contracts';
import type { CallOptions } from '../api/api-client';
import { fetchEndpoint, queryClient } from './query-client';

/** Keys of the earner's own figures; `all` is what a credit or debit makes stale. */
export const userKeys = {
  all: ['user'] as const,
  info: ['user', 'info'] as const,
  assets: ['user', 'assets'] as const,
};

/** `POST /app/user/info`: who the earner is, their level and balance. */
export const userInfoQuery = (call?: CallOptions) => queryOptions({ queryKey: userKeys.info, queryFn: () => fetchEndpoint(userInfo, undefined, call) });

/** `GET /app/user/assetInfo`: balance, pending, withdrawable and locked points, earnings. */
export const assetInfoQuery = (call?: CallOptions) =>
  queryOptions({ queryKey: userKeys.assets, queryFn: () => fetchEndpoint(assetInfo, undefined, call) });

/**
 * After a credit or debit (a reward collected, a code redeemed, a review decided, a withdrawal):
 * every screen showing the balance asks again, and the next one to open does not trust its copy.
 */
export function balanceChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: userKeys.all });
}
