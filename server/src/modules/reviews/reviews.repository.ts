import type { ReviewItem, SubmissionStatus } from '@grab/shared/contracts';
import { and, asc, desc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { Batcher } from '../../db/batcher';
import type { Executor, Tx } from '../../db/database';
import { submissions, taskRuns, tasks, users } from '../../db/schema';
import { maskPhoneForReview } from '../users/masked-phone';

export const REVIEW_PAGE_SIZE = 20;

const itemFields = {
  ...getTableColumns(submissions),
  // Reviewers read titles in English, whatever the earner's language.
  taskTitle: tasks.title,
  earnerId: users.publicId,
  phone: users.phone,
  // What a pass paid once it did; what it would pay before.
  reward: sql<number>`coalesce(${taskRuns.rewardPaid}, ${tasks.reward})`.mapWith(Number),
  // Other earners' submissions holding a picture with the same content: one screenshot passed
  // around. One SQL definition (migration 0019) for the list and for the pass's own answer.
  duplicateOf: sql<number[]>`review_item_duplicates(${submissions.id})`,
};

function reviewItemQuery(db: Executor, where: SQL) {
  return db
    .select(itemFields)
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(taskRuns, eq(taskRuns.id, submissions.runId))
    .where(where);
}

/** A submission with what its review item shows of the task, the earner and the run. */
export type ItemRow = Awaited<ReturnType<typeof reviewItemQuery>>[number];

export function toReviewItem(row: ItemRow): ReviewItem {
  return {
    id: row.id,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    earnerId: row.earnerId,
    earnerPhone: maskPhoneForReview(row.phone),
    earnerRowId: row.userId,
    status: row.status,
    reason: row.reason,
    pictures: row.pictures,
    duplicateOf: (row.duplicateOf ?? []).map(Number),
    reward: row.reward,
    createdAt: row.createdAt.toISOString(),
    deadlineAt: row.deadlineAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

export interface Decision {
  status: 'passed' | 'failed';
  /** The reason the earner reads on a failure; a pass leaves the column as it is. */
  reason?: string;
  /** Null for the automatic pass at the deadline. */
  reviewerId: number | null;
  reviewedAt: Date;
}

/**
 * Decides a submission still under review that is not the decider's own, and reads its review item
 * (as before the run moves) in the same statement. Two deciders at once queue on the row lock; the
 * second finds it decided and gets null, as does any submission this may not decide.
 */
export async function decideSubmission(tx: Tx, id: number, decision: Decision): Promise<ItemRow | null> {
  const { reviewerId } = decision;
  const [row] = await tx
    .update(submissions)
    .set(decision)
    // A join's ON may not name the table being updated: the joins are conditions of the WHERE.
    .from(tasks)
    .innerJoin(users, sql`true`)
    .innerJoin(taskRuns, sql`true`)
    .where(
      and(
        eq(submissions.id, id),
        eq(submissions.status, 'underReview'),
        reviewerId === null ? undefined : ne(submissions.userId, reviewerId),
        eq(tasks.id, submissions.taskId),
        eq(users.id, submissions.userId),
        eq(taskRuns.id, submissions.runId),
      ),
    )
    .returning(itemFields)
    // Named, so each connection parses and plans it once; one name per shape of the statement.
    .prepare(`submission-decide-${decision.status}-${reviewerId === null ? 'auto' : 'reviewer'}`)
    .execute();
  return row ?? null;
}

/** Why a submission was not decided: read only when `decideSubmission` refused. */
export async function submissionState(db: Executor, id: number): Promise<{ userId: number; status: string } | null> {
  const [row] = await db.select({ userId: submissions.userId, status: submissions.status }).from(submissions).where(eq(submissions.id, id));
  return row ?? null;
}

export type PassOutcome = 'passed' | 'repeat' | 'not_found' | 'own' | 'decided' | 'claimed';

interface PassRow {
  outcome: PassOutcome;
  id: number | null;
  run_id: number;
  user_id: number;
  task_id: number;
  pictures: string[];
  status: ItemRow['status'];
  reason: string | null;
  reviewer_id: number | null;
  created_at: string | Date;
  deadline_at: string | Date;
  reviewed_at: string | Date | null;
  task_title: string;
  earner_id: string;
  phone: string;
  reward: number;
  duplicate_of: number[] | null;
}

const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export interface PassCall {
  submissionId: number;
  reviewer: { userId: number; role: string } | null;
  now: Date;
}

export interface PassAnswer {
  outcome: PassOutcome;
  item: ItemRow | null;
}

function answerOf(row: PassRow): PassAnswer {
  if (row.id === null) return { outcome: row.outcome, item: null };
  // Raw rows: pg hands timestamps back as text here, PGlite as dates.
  const item: ItemRow = {
    id: row.id,
    runId: row.run_id,
    userId: row.user_id,
    taskId: row.task_id,
    pictures: row.pictures,
    status: row.status,
    reason: row.reason,
    reviewerId: row.reviewer_id,
    createdAt: date(row.created_at),
    deadlineAt: date(row.deadline_at),
    reviewedAt: row.reviewed_at === null ? null : date(row.reviewed_at),
    taskTitle: row.task_title,
    earnerId: row.earner_id,
    phone: row.phone,
    reward: Number(row.reward),
    duplicateOf: (row.duplicate_of ?? []).map(Number),
  };
  return { outcome: row.outcome, item };
}

/**
 * One pass alone (`ledger_pass_submission`, through `ledger_pass_submission_in_order`, 0027, which
 * first takes the team's rows in the order a batch takes them): what a batch must decide like.
 */
export async function passOne(db: Executor, { submissionId, reviewer, now }: PassCall): Promise<PassAnswer> {
  const result = await db.execute(sql`
    select * from ledger_pass_submission_in_order(${submissionId}::int, ${reviewer?.userId ?? null}::int, ${reviewer?.role ?? null}::text, ${now.toISOString()}::timestamptz)`);
  const [row] = (result as unknown as { rows: PassRow[] }).rows;
  if (!row) throw new Error('ledger_pass_submission_in_order answered nothing');
  return answerOf(row);
}

export async function passBatch(db: Executor, calls: readonly PassCall[]): Promise<PassAnswer[]> {
  const result = await db.execute(sql`
    select * from ledger_pass_submissions_in_order(
      ${sql.param(calls.map((c) => c.submissionId))}::int[],
      ${sql.param(calls.map((c) => c.reviewer?.userId ?? null))}::int[],
      ${sql.param(calls.map((c) => c.reviewer?.role ?? null))}::text[],
      ${sql.param(calls.map((c) => c.now.toISOString()))}::timestamptz[])`);
  const rows = (result as unknown as { rows: (PassRow & { ordinal: number })[] }).rows;
  const answers: PassAnswer[] = [];
  for (const row of rows) answers[Number(row.ordinal) - 1] = answerOf(row);
  if (answers.length !== calls.length || answers.includes(undefined as never)) throw new Error('ledger_pass_submissions_in_order answered another number of items');
  return answers;
}

/**
 * Passes waiting for a statement in flight go out together (group commit): one statement, one
 * transaction and one commit for all of them. 64 keeps a batch's locks and its statement short.
 */
const PASS_BATCH = 64;
const passBatchers = new WeakMap<Executor, Batcher<PassCall, PassAnswer>>();

function passBatcher(db: Executor): Batcher<PassCall, PassAnswer> {
  let batcher = passBatchers.get(db);
  if (!batcher) {
    batcher = new Batcher({ many: (calls) => passBatch(db, calls), one: (call) => passOne(db, call), maxBatch: PASS_BATCH });
    passBatchers.set(db, batcher);
  }
  return batcher;
}

/**
 * A pass and its payment in one statement, `ledger_pass_submission` (migration 0019): the claim
 * check, the decision, the run's payment through the ledger, the claim's release and the audit
 * entry of a reviewer's pass. `reviewer` is null for the automatic pass at the deadline (no claim,
 * no audit entry). Answers the outcome and, when passed (now or before), the review item as it
 * stands afterwards.
 *
 * On the database handle, passes from concurrent callers share one statement,
 * `ledger_pass_submissions_in_order` (migrations 0020, 0027 and 0042; it first takes the team's rows
 * in one order, so that passes in two processes never deadlock), each answered its own outcome; a
 * batch that fails is passed again item by item, so only a bad item fails. Inside a caller's
 * transaction the pass is a statement of that transaction, alone.
 */
export function passAndPay(db: Executor, submissionId: number, reviewer: { userId: number; role: string } | null, now: Date): Promise<PassAnswer> {
  const call = { submissionId, reviewer, now };
  return db instanceof PgTransaction ? passOne(db, call) : passBatcher(db).call(call);
}

export async function reviewItem(db: Executor, id: number): Promise<ReviewItem | null> {
  const [row] = await reviewItemQuery(db, eq(submissions.id, id));
  return row ? toReviewItem(row) : null;
}

/**
 * How many submissions wait for a decision, and the earliest of their deadlines: the moment the
 * next one passes on its own unless a reviewer decides it first (the pending index answers both).
 */
export async function undecidedSubmissions(db: Executor): Promise<{ undecided: number; nextDeadline: string | null }> {
  const [row] = await db
    .select({ undecided: sql<number>`count(*)`.mapWith(Number), nextDeadline: sql<Date | null>`min(${submissions.deadlineAt})`.mapWith(submissions.deadlineAt) })
    .from(submissions)
    .where(eq(submissions.status, 'underReview'));
  return { undecided: row?.undecided ?? 0, nextDeadline: row?.nextDeadline ? new Date(row.nextDeadline).toISOString() : null };
}

/** The queue oldest first (the nearest deadline on top); decided ones latest first. */
export async function reviewPage(db: Executor, status: SubmissionStatus, page: number): Promise<{ list: ReviewItem[]; hasMore: boolean }> {
  const order = status === 'underReview' ? [asc(submissions.createdAt), asc(submissions.id)] : [desc(submissions.reviewedAt), desc(submissions.id)];
  const rows = await reviewItemQuery(db, eq(submissions.status, status))
    .orderBy(...order)
    .limit(REVIEW_PAGE_SIZE + 1)
    .offset((page - 1) * REVIEW_PAGE_SIZE);
  return { list: rows.slice(0, REVIEW_PAGE_SIZE).map(toReviewItem), hasMore: rows.length > REVIEW_PAGE_SIZE };
}
