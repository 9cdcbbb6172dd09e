import type { LanguageKey, Submission, } from '@grab/shared/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { submissions, taskRuns, tasks } from '../../db/schema';

export const AUDIT_LOG_PAGE_SIZE = 20;

/**
 * One earner's own submissions, newest first. The earner is part of the query itself, never a
 * filter applied afterwards, so no parameter can reach another earner's proof. One row more than
 * a page is read to learn whether another page follows. Pictures are upload ids: the client reads
 * them from the image path with its token.
 */
export async function listOwnSubmissions(
  db: Executor,
  userId: number,
  language: LanguageKey,
  options: { taskId?: number; page: number },
): Promise<{ list: Submission[]; hasMore: boolean }> {
  const conditions: SQL[] = [eq(submissions.userId, userId)];
  if (options.taskId !== undefined) conditions.push(eq(submissions.taskId, options.taskId));
  const rows = await db
    .select({
      id: submissions.id,
      taskId: submissions.taskId,
      title: tasks.title,
      texts: tasks.texts,
      taskReward: tasks.reward,
      rewardPaid: taskRuns.rewardPaid,
      status: submissions.status,
      reason: submissions.reason,
      pictures: submissions.pictures,
      createdAt: submissions.createdAt,
      reviewedAt: submissions.reviewedAt,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(taskRuns, eq(taskRuns.id, submissions.runId))
    .where(and(...conditions))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(AUDIT_LOG_PAGE_SIZE + 1)
    .offset((options.page - 1) * AUDIT_LOG_PAGE_SIZE);
  return {
    hasMore: rows.length > AUDIT_LOG_PAGE_SIZE,
    list: rows.slice(0, AUDIT_LOG_PAGE_SIZE).map((r) => ({
      id: r.id,
      taskId: r.taskId,
      taskTitle: r.texts[language]?.title || r.title,
      status: r.status,
      reason: r.reason,
      pictures: r.pictures,
      // A failed submission of a run paid later still shows what the task pays.
      reward: r.status === 'passed' && r.rewardPaid !== null ? r.rewardPaid : r.taskReward,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    })),
  };
}
