import { ErrorCode } from '@grab/shared/contracts';
import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/database';
import { submissions } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { failRunUnderReview } from '../tasks/task-runs.repository';
import { claimedByOther } from './review-claims.repository';
import { type Decision, decideSubmission, type ItemRow, passAndPay, submissionState } from './reviews.repository';

const alreadyDecided = () => new AppError(ErrorCode.conflict, 'reviews.alreadyDecided');

/**
 * Decides the submission in one statement when it may be; otherwise reads why not, in the order a
 * reviewer should hear it: unknown, their own, then the status it was decided with before.
 */
async function decide(tx: Tx, submissionId: number, decision: Decision): Promise<{ decided: true; item: ItemRow } | { decided: false; status: string }> {
  const item = await decideSubmission(tx, submissionId, decision);
  if (item) return { decided: true, item };
  const current = await submissionState(tx, submissionId);
  if (!current) throw errors.notFound();
  if (decision.reviewerId !== null && current.userId === decision.reviewerId) throw new AppError(ErrorCode.forbidden, 'reviews.ownSubmission');
  return { decided: false, status: current.status };
}

/** A reviewer deciding, or null for the automatic pass at the deadline. */
export type Passer = { userId: number; role: string } | null;

/**
 * Passes a submission and pays its run, in one statement (`passAndPay`): in the caller's
 * transaction when given one (the automatic pass's savepoint), committed on its own otherwise.
 * Passing one already passed answers without moving anything, so two reviewers clicking at once
 * both succeed and the earner is credited once (the submission's row lock queues them; the run's
 * lock and the ledger key are the next guards). Returns the review item as it stands after the
 * pass and whether this call passed it.
 */
export async function passSubmission(db: Executor, submissionId: number, passer: Passer, now: Date): Promise<{ passed: boolean; item: ItemRow }> {
  const { outcome, item } = await passAndPay(db, submissionId, passer, now).catch((error: unknown) => {
    // The run could not be paid (not one that earned its reward): the statement kept nothing.
    const text = `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`;
    if (/task run \d+ of submission \d+ is not_payable/.test(text)) throw new AppError(ErrorCode.conflict, 'errors.conflict');
    if (/task run \d+ of submission \d+ is not_found/.test(text)) throw errors.notFound();
    throw error;
  });
  if (outcome === 'claimed') throw claimedByOther();
  if (outcome === 'own') throw new AppError(ErrorCode.forbidden, 'reviews.ownSubmission');
  if (outcome === 'decided') throw alreadyDecided();
  if (outcome === 'not_found' || !item) throw errors.notFound();
  return { passed: outcome === 'passed', item };
}

/**
 * Fails a submission with the reason the earner will read; the run fails too, so the earner may
 * upload again. Returns the review item as it stands after the failure.
 */
export async function failSubmission(tx: Tx, submissionId: number, decider: number, reason: string, now: Date): Promise<ItemRow> {
  const outcome = await decide(tx, submissionId, { status: 'failed', reason, reviewerId: decider, reviewedAt: now });
  if (!outcome.decided) throw alreadyDecided();
  await failRunUnderReview(tx, outcome.item.runId, reason);
  return outcome.item;
}

const AUTO_PASS_BATCH = 20;

/**
 * Passes every submission still under review at its deadline, a small batch per transaction.
 * `skip locked` lets several server processes run this at once (each takes other rows) and never
 * waits on a reviewer deciding the same row right now. A submission that cannot be passed is left
 * for the next run, not retried in a loop. Returns how many were passed.
 */
export async function passOverdue(db: Db, now: Date, onError: (submissionId: number, error: unknown) => void = () => undefined): Promise<number> {
  // Most minutes nothing is overdue. A read says so without the locking transaction, whose write
  // would drop every earner's cached reads in this process.
  const [anyDue] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.status, 'underReview'), lte(submissions.deadlineAt, now)))
    .limit(1);
  if (!anyDue) return 0;
  let passed = 0;
  const stuck: number[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.status, 'underReview'), lte(submissions.deadlineAt, now), stuck.length > 0 ? notInArray(submissions.id, stuck) : undefined))
        .orderBy(asc(submissions.deadlineAt), asc(submissions.id))
        .limit(AUTO_PASS_BATCH)
        .for('update', { skipLocked: true });
      for (const { id } of due) {
        try {
          // A savepoint per submission: one that fails rolls back alone, the batch goes on.
          await tx.transaction((inner) => passSubmission(inner, id, null, now));
          passed += 1;
        } catch (error) {
          stuck.push(id);
          onError(id, error);
        }
      }
      return due.length;
    });
    if (batch < AUTO_PASS_BATCH) return passed;
  }
}
