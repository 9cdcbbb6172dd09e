import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { periodOf } from './task-periods';
import { payRun, type RunPayment } from './task-rewards.service';
import { insertRun, lockPeriodRuns, updateRun } from './task-runs.repository';
import { type CatalogueTask, firstActiveOfKind } from './tasks.repository';

/** The catalogue's messaging task, the first active one in display order: what a verified number earns. */
export function messagingTask(db: Executor): Promise<CatalogueTask | null> {
  return firstActiveOfKind(db, 'messaging');
}

/**
 * Pays a verified messaging number as a run of the messaging task, so that it counts as every task
 * reward does: in the task's progress on Home, in the earner's level points and in the uplines'
 * rebates (DESIGN §5), all moved by `payRun` in the caller's transaction. The messaging module has
 * already decided that the number earns (never before, within the day's cap). One earner's numbers
 * queue on a lock, so each takes the next `seq` of the day's period.
 */
export async function payVerifiedNumber(tx: Tx, task: CatalogueTask, userId: number, now: Date): Promise<RunPayment> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`messaging:${userId}:${task.id}`}, 0))`);
  const period = periodOf(task, now);
  const runs = await lockPeriodRuns(tx, userId, task.id, period);
  const run = await insertRun(tx, { userId, taskId: task.id, period, seq: runs.length + 1 });
  if (!run) throw new Error(`messaging run ${runs.length + 1} of ${period} taken under its lock`);
  await updateRun(tx, run.id, { step: task.steps.length, status: 'passed' });
  return payRun(tx, run.id);
}
