import { ErrorCode } from '@grab/shared/contracts';
import type { Tx } from '../../db/database';
import { AppError, errors } from '../../http/app-error';
import { grantAuditTaskSpins } from '../draw/spin-grants.service';
import { LedgerReason, post } from '../ledger/ledger.service';
import { recordTaskReward } from '../levels/progress.repository';
import { payRebates, releaseHeldRebates } from '../team/rebates.service';
import { countTaskReward } from '../team/team-stats.repository';
import { completeRun, lockRunForPayment } from './task-runs.repository';

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
 *
 * Everything a task reward moves happens here, in this order, which is also the order of the row
 * locks (so payments in one team queue instead of deadlocking): the earner's progress and level
 * (and, on a first approved audit task, the inviter's), the earner's credit, an audit task's draw
 * spins, the uplines' rebates (nearest first), then the team's daily rollups.
 */
export async function payRun(tx: Tx, runId: number): Promise<RunPayment> {
  const run = await lockRunForPayment(tx, runId);
  if (!run) throw errors.notFound();
  if (run.status === 'completed') {
    return { runId, userId: run.userId, reward: run.rewardPaid ?? 0, ledgerEntryId: run.ledgerEntryId === null ? null : Number(run.ledgerEntryId), created: false };
  }
  // Only a run that earned its reward is paid: passed by the engine, or under review and being passed.
  if (run.status !== 'passed' && run.status !== 'underReview') throw new AppError(ErrorCode.conflict, 'errors.conflict');
  const progress = await recordTaskReward(tx, { userId: run.userId, runId, points: run.reward, audit: run.kind === 'audit' });
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
  await completeRun(tx, runId, run.reward, ledgerEntryId);
  // The lucky draw's spin for an approved audit task exists exactly when the task is paid.
  if (run.kind === 'audit') await grantAuditTaskSpins(tx, run.userId, runId);
  if (progress.newlyVerified) await releaseHeldRebates(tx, run.userId);
  if (run.reward > 0) {
    await payRebates(tx, { runId, earnerId: run.userId, reward: run.reward, verified: progress.verified });
    await countTaskReward(tx, run.userId, run.reward);
  }
  return { runId, userId: run.userId, reward: run.reward, ledgerEntryId, created: true };
}
