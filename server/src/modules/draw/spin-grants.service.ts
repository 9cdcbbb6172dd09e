import type { Tx } from '../../db/database';
import { dailyGrantKey, grantSpins } from './draw-spins.repository';
import type { DrawSettings } from './draw-settings.repository';

/**
 * Where spins come from: the operator's rules only. Nothing here takes points, so no spin is ever
 * bought (DESIGN §2.1).
 */

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The grant keys today's daily spins have (or will have) once granted. */
export function todaysDailyKeys(userId: number, settings: DrawSettings, now: Date): string[] {
  const base = dailyGrantKey(userId, utcDay(now));
  return Array.from({ length: settings.rules.dailySpins }, (_, n) => `${base}:${n + 1}`);
}

/** Today's free spins, granted when the earner first spins today (so idle days grant nothing). */
export async function grantDailySpins(tx: Tx, userId: number, settings: DrawSettings, now: Date): Promise<void> {
  await grantSpins(tx, { userId, source: 'daily', grantKey: dailyGrantKey(userId, utcDay(now)), count: settings.rules.dailySpins });
}
