import { queryOptions } from '@tanstack/react-query';
import { levelInfo } from '../contracts/levels.contracts';
import type { CallOptions } from '../api/api-client';
import { fetchEndpoint } from './query-client';
import { userKeys } from './user.queries';

// Under `user`: a reward changes the level's inputs, and every credit already makes `user` stale
// (balanceChanged), so no screen shows level figures older than the balance. Home and the level
// pages share this one entry.
export const levelKeys = { info: [...userKeys.all, 'level'] as const };

/** `GET /app/user/level-info`: the earner's level, the way to the next one, and an unseen level-up. */
export const levelInfoQuery = (call?: CallOptions) =>
  queryOptions({ queryKey: levelKeys.info, queryFn: () => fetchEndpoint(levelInfo, undefined, call) });
