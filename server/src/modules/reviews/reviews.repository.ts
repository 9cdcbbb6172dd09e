import type { ReviewItem, SubmissionStatus } from '@grab/shared/contracts';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { submissions, taskRuns, tasks, users } from '../../db/schema';
import { maskPhoneForReview } from './masked-phone';

export type SubmissionRow = typeof submissions.$inferSelect;

export const REVIEW_PAGE_SIZE = 20;

/** Locks one submission for a decision: two reviewers at once queue here, the second sees the first's outcome. */
export async function lockSubmission(tx: Tx, id: number): Promise<SubmissionRow | null> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row ?? null;
}

function reviewItemQuery(db: Executor, where: SQL) {
  return db
    .select({
      submission: submissions,
      // Reviewers read titles in English, whatever the earner's language.
      taskTitle: tasks.title,
      earnerId: users.publicId,
      phone: users.phone,
      // What a pass paid once it did; what it would pay before.
      reward: sql<number>`coalesce(${taskRuns.rewardPaid}, ${tasks.reward})`.mapWith(Number),
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(taskRuns, eq(taskRuns.id, submissions.runId))
    .where(where);
}

type ItemRow = Awaited<ReturnType<typeof reviewItemQuery>>[number];

function toReviewItem({ submission: s, taskTitle, earnerId, phone, reward }: ItemRow): ReviewItem {
  return {
    id: s.id,
    taskId: s.taskId,
    taskTitle,
    earnerId,
    earnerPhone: maskPhoneForReview(phone),
    status: s.status as SubmissionStatus,
    reason: s.reason,
    pictures: s.pictures,
    reward,
    createdAt: s.createdAt.toISOString(),
    deadlineAt: s.deadlineAt.toISOString(),
    reviewedAt: s.reviewedAt ? s.reviewedAt.toISOString() : null,
  };
}

export async function reviewItem(db: Executor, id: number): Promise<ReviewItem | null> {
  const [row] = await reviewItemQuery(db, eq(submissions.id, id));
  return row ? toReviewItem(row) : null;
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
