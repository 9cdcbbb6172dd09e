import { type SQL, sql } from 'drizzle-orm';
import { taskRuns, tasks } from '../../db/schema';

/**
 * Points an earner has earned but not yet received (DESIGN §2.6: pending apart from withdrawable):
 * runs under review, and runs passed but not collected, at what their task pays now. A scalar
 * subquery (a text), so that Home reads it beside the ledger's assets in one statement.
 */
export function pendingRewardsQuery(userId: number): SQL<string> {
  return sql<string>`(
    select coalesce(sum(t.reward), 0)::text from ${taskRuns} r join ${tasks} t on t.id = r.task_id
    where r.user_id = ${userId}::int and r.status in ('underReview', 'passed'))`;
}
