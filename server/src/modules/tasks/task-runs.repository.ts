import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { taskRuns, tasks } from '../../db/schema';
import { type RunRow, type RunStatus, runColumns, toRun } from './tasks.repository';

/**
 * The only code that writes task runs, as the ledger module is the only one that writes ledger
 * rows: every change of an earner's progress (start, step, proof, review, payment) is one of the
 * named operations below, so what a run can go through is read in one place. Reads live in
 * tasks.repository.ts.
 */

/** One earner's runs of one task in one period, oldest first, locked until the transaction ends. */
export async function lockPeriodRuns(tx: Executor, userId: number, taskId: number, period: string): Promise<RunRow[]> {
  const rows = await tx
    .select(runColumns)
    .from(taskRuns)
    .where(and(eq(taskRuns.userId, userId), eq(taskRuns.taskId, taskId), eq(taskRuns.period, period)))
    .orderBy(asc(taskRuns.seq))
    .for('update');
  return rows.map(toRun);
}

/** The oldest run of this task waiting to be collected, any period. */
export async function findUncollectedRun(tx: Executor, userId: number, taskId: number): Promise<RunRow | null> {
  const [row] = await tx
    .select(runColumns)
    .from(taskRuns)
    .where(and(eq(taskRuns.userId, userId), eq(taskRuns.taskId, taskId), eq(taskRuns.status, 'passed')))
    .orderBy(asc(taskRuns.id))
    .limit(1);
  return row ? toRun(row) : null;
}

/** Creates attempt `seq`; null when a concurrent call created it first (the unique key decides). */
export async function insertRun(tx: Executor, values: { userId: number; taskId: number; period: string; seq: number }): Promise<RunRow | null> {
  const [row] = await tx.insert(taskRuns).values(values).onConflictDoNothing().returning(runColumns);
  return row ? toRun(row) : null;
}

export async function updateRun(tx: Executor, runId: number, values: { step?: number; status?: RunStatus; reason?: string | null }): Promise<RunRow> {
  const [row] = await tx
    .update(taskRuns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taskRuns.id, runId))
    .returning(runColumns);
  if (!row) throw new Error(`task run ${runId} vanished inside its transaction`);
  return toRun(row);
}

/** The run with its task's reward, locked for the payment in the caller's transaction. */
export async function lockRunForPayment(tx: Tx, runId: number) {
  // The task row is only read: `of` keeps the lock on the run, so runs of one task never queue on it.
  const [run] = await tx
    .select({ userId: taskRuns.userId, status: taskRuns.status, rewardPaid: taskRuns.rewardPaid, ledgerEntryId: taskRuns.ledgerEntryId, reward: tasks.reward, kind: tasks.kind })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .where(eq(taskRuns.id, runId))
    .for('update', { of: taskRuns })
    // Named, so each connection parses and plans the hot statements of a payment once.
    .prepare('task-run-lock')
    .execute();
  return run ?? null;
}

/** A paid run: completed, with what it paid and the ledger entry that paid it. */
export async function completeRun(tx: Tx, runId: number, rewardPaid: number, ledgerEntryId: number | null): Promise<void> {
  await tx
    .update(taskRuns)
    .set({ status: 'completed', reason: null, rewardPaid, ledgerEntryId, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(taskRuns.id, runId))
    .prepare('task-run-complete')
    .execute();
}

/** A failed review sends the run back to its proof step with the reason the earner reads. */
export async function failRunUnderReview(tx: Tx, runId: number, reason: string): Promise<void> {
  await tx
    .update(taskRuns)
    .set({ status: 'failed', reason, updatedAt: sql`now()` })
    .where(and(eq(taskRuns.id, runId), eq(taskRuns.status, 'underReview')));
}
