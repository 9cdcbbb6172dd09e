import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { userAncestors } from '../../db/schema';

/** Everyone below an earner up to five levels, and those directly invited: one indexed read. */
export async function teamCounts(db: Executor, userId: number): Promise<{ total: number; direct: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      direct: sql<number>`(count(*) filter (where ${userAncestors.depth} = 1))::int`,
    })
    .from(userAncestors)
    .where(eq(userAncestors.ancestorId, userId));
  return { total: Number(counts?.total ?? 0), direct: Number(counts?.direct ?? 0) };
}
