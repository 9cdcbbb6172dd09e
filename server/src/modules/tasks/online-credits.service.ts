import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { presenceOn } from '../presence/presence.repository';
import { countedMinutes } from '../presence/presence-slots';
import { periodOf, utcDay, windowClosed } from './task-periods';
import { payRun } from './task-rewards.service';
import { insertRun, lockPeriodRuns, updateRun } from './task-runs.repository';
import type { CatalogueTask, RunRow } from './tasks.repository';
import { findEarner } from './tasks.repository';

/** What the operator configures for online time. */
export interface OnlineRules {
  /** Minutes online for one credit of the task's reward. */
  targetMinutes: number;
  /** Minutes that count in one day. */
  capMinutes: number;
}

/** Credits a day of this many counted minutes holds for this task. */
export function creditsDue(task: CatalogueTask, minutes: number, rules: OnlineRules): number {
  return Math.min(Math.floor(Math.min(minutes, rules.capMinutes) / rules.targetMinutes), task.timesPerPeriod);
}

export interface OnlineCredits {
  level: number;
  /** The period's runs after crediting, oldest first. */
  runs: RunRow[];
  seconds: number;
  lastSlot: number | null;
}

/**
 * Pays every credit the earner's presence today has earned and not yet been paid, in one
 * transaction. Each credit is run `seq` of the day's period (unique per earner, task, period and
 * seq) paid by `payRun` (ledger key `task-run:<id>`); callers queue on a per-earner lock, so a
 * second caller at once (the flush and the page, or two processes) finds the runs paid. Presence is read from
 * the rows, never from a process's buffer: only flushed presence is ever paid for.
 */
export function creditOnlineTime(db: Db, task: CatalogueTask, userId: number, now: Date, rules: OnlineRules): Promise<OnlineCredits | null> {
  return db.transaction(async (tx) => {
    // One crediting per earner at a time (the flush of each process, the page): the second finds
    // the runs the first paid. Without it, two runs could be inserted in opposite orders and deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`online:${userId}:${task.id}`}, 0))`);
    const earner = await findEarner(tx, userId);
    if (!earner) return null;
    const presence = await presenceOn(tx, userId, utcDay(now));
    const period = periodOf(task, now);
    let runs = await lockPeriodRuns(tx, userId, task.id, period);
    const open = earner.level >= task.minLevel && !windowClosed(task, now);
    const due = open ? creditsDue(task, countedMinutes(presence.seconds, rules.capMinutes), rules) : 0;
    let changed = false;
    for (let seq = runs.length + 1; seq <= due; seq += 1) {
      const run = await insertRun(tx, { userId, taskId: task.id, period, seq });
      // Taken by a concurrent caller, who pays it.
      if (!run) continue;
      await updateRun(tx, run.id, { step: task.steps.length, status: 'passed' });
      await payRun(tx, run.id);
      changed = true;
    }
    if (changed) runs = await lockPeriodRuns(tx, userId, task.id, period);
    return { level: earner.level, runs, seconds: presence.seconds, lastSlot: presence.lastSlot };
  });
}
