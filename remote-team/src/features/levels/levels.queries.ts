import { callMain, fetchEndpoint, queryClient, userKeys } from '@grab/shared';
import { type LevelInfo, levelInfo, levelSeen } from '@grab/shared/contracts';

// Under `user`: a reward changes the level's inputs, and every credit already makes `user` stale
// (balanceChanged), so the level pages never show figures older than the balance.
export const levelKeys = { info: [...userKeys.all, 'level'] as const };

export const levelInfoQuery = () => ({ queryKey: levelKeys.info, queryFn: () => fetchEndpoint(levelInfo) });

/** The earner has read "You reached LV n": the notice goes at once, and the server remembers it. */
export async function markLevelSeen(level: number): Promise<void> {
  queryClient.setQueryData<LevelInfo>(levelKeys.info, (info) => (info ? { ...info, unseenLevelUp: null } : info));
  // Offline, the notice comes back on the next visit: better than never hearing of the level.
  await callMain(levelSeen, { level }).catch(() => undefined);
}
