import { ErrorCode } from '@grab/shared/contracts';
import type { Tx } from '../../db/database';
import { AppError, errors } from '../../http/app-error';
import { payTaskRunInLedger } from '../ledger/task-credits';

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
 * credit commits with the state change that earned it (a review decision, a collect). The amount is
 * the task's reward when paid: the server decides. One statement, `ledger_pay_task_run` (migration
 * 0019): it locks the run first, so two callers at once queue and the second finds it completed
 * (the ledger key `task-run:<id>` is the second guard), then moves, in the order of the row locks
 * every payment takes, the earner's progress and level (and, on a first approved audit task, the
 * inviter's), the credit, an audit task's draw spins, the uplines' rebates (nearest first) and the
 * team's daily rollups.
 */
export async function payRun(tx: Tx, runId: number): Promise<RunPayment> {
  const payment = await payTaskRunInLedger(tx, runId);
  if (payment.outcome === 'not_found' || payment.userId === null) throw errors.notFound();
  // Only a run that earned its reward is paid: passed by the engine, or under review and being passed.
  if (payment.outcome === 'not_payable') throw new AppError(ErrorCode.conflict, 'errors.conflict');
  return { runId, userId: payment.userId, reward: payment.reward ?? 0, ledgerEntryId: payment.ledgerEntryId, created: payment.outcome === 'paid' };
}
