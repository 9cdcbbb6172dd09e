import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { taskRuns, tasks } from '../../db/schema';

/**
 * Points an earner has earned but not yet received (DESIGN §2.6: pending apart from withdrawable):
 * runs under review, and runs passed but not collected, at what their task pays now.
 */
export async function pendingRewardsOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${tasks.reward}), 0)::text` })
    .from(taskRuns)
    .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
    .where(and(eq(taskRuns.userId, userId), inArray(taskRuns.status, ['underReview', 'passed'])));
  return Number(row?.total ?? 0);
}
