import type { Executor } from '../../db/database';
import { dailyCounts } from './tasks.repository';

/**
 * Today's places taken of capped tasks, as Home shows them ("full today"). Every visit to Home would
 * otherwise read them; a figure up to `ttlMs` old only decides a badge, never a place: starting a
 * run still takes its place under a row lock (`reserveDailyPlace`).
 */
export class DailyCountsCache {
  private entry: { key: string; until: number; counts: Promise<Map<number, number>> } | null = null;

  constructor(
    private readonly db: Executor,
    private readonly ttlMs: number,
  ) {}

  get(taskIds: readonly number[], day: string, now = Date.now()): Promise<Map<number, number>> {
    if (this.ttlMs <= 0 || taskIds.length === 0) return dailyCounts(this.db, taskIds, day);
    const key = `${day}:${taskIds.join(',')}`;
    if (this.entry && this.entry.key === key && this.entry.until > now) return this.entry.counts;
    const counts = dailyCounts(this.db, taskIds, day);
    const entry = { key, until: now + this.ttlMs, counts };
    this.entry = entry;
    // A failed read is not remembered.
    counts.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return counts;
  }
}
