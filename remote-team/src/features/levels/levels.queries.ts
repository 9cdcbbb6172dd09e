import { callMain, levelKeys, queryClient } from '@grab/shared';
import { type LevelInfo, levelSeen } from '@grab/shared/contracts';

// The query itself is shared (Home shows the level too): one cache entry for both.
export { levelInfoQuery, levelKeys } from '@grab/shared';

/** The earner has read "You reached LV n": the notice goes at once, and the server remembers it. */
export async function markLevelSeen(level: number): Promise<void> {
  queryClient.setQueryData<LevelInfo>(levelKeys.info, (info) => (info ? { ...info, unseenLevelUp: null } : info));
  // Offline, the notice comes back on the next visit: better than never hearing of the level.
  await callMain(levelSeen, { level }).catch(() => undefined);
}
