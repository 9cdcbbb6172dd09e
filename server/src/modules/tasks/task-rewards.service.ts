import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { taskRuns, tasks } from '../../db/schema';
import { errors } from '../../http/app-error';
import { LedgerReason, post } from '../ledger/ledger.service';

export interface RunPayment {
  runId: number;
  userId: number;
  /** What the run paid, hundredths of a point (0 for a task without a reward). */
  reward: number;
  /** The ledger entry, null when the reward was 0. */
  ledgerEntryId: number | null;
  /** False when the run had been paid before and nothing moved (a retry, a double click, a second reviewer). */
  created: boolean;
}

/**
 * The one path by which a finished task run pays its earner, inside the caller's transaction so the
 * credit commits with the state change that earned it (a review decision, a collect). The run row is
 * locked first, so two callers at once queue here and the second finds it completed; the ledger key
 * `task-run:<id>` is the second guard. The amount is the task's reward when paid: the server decides.
 * Referral rebates of the uplines belong here too, in this same transaction.
 */
export async function payRun(tx: Tx, runId: number): Promise<RunPayment> {
  // The task row is only read: `of` keeps the lock on the run, so runs of one task never queue on it.
  const [run] = await tx
    .select({ userId: taskRuns.userId, status: taskRuns.status, rewardPaid: taskRuns.rewardPaid, ledgerEntryId: taskRuns.ledgerEntryId, reward: tasks.reward })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .where(eq(taskRuns.id, runId))
    .for('update', { of: taskRuns })
    // Named, so each connection parses and plans the hot statements of a payment once.
    .prepare('task-run-lock')
    .execute();
  if (!run) throw errors.notFound();
  if (run.status === 'completed') {
    return { runId, userId: run.userId, reward: run.rewardPaid ?? 0, ledgerEntryId: run.ledgerEntryId === null ? null : Number(run.ledgerEntryId), created: false };
  }
  let ledgerEntryId: number | null = null;
  if (run.reward > 0) {
    const { entry } = await post(tx, {
      userId: run.userId,
      amount: run.reward,
      reason: LedgerReason.taskReward,
      idempotencyKey: `task-run:${runId}`,
    });
    ledgerEntryId = entry.id;
  }
  await tx
    .update(taskRuns)
    .set({ status: 'completed', reason: null, rewardPaid: run.reward, ledgerEntryId, completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(taskRuns.id, runId))
    .prepare('task-run-complete')
    .execute();
  return { runId, userId: run.userId, reward: run.reward, ledgerEntryId, created: true };
}
