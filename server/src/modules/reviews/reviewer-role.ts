import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { users } from '../../db/schema';

/** Roles that may decide submissions and see any earner's screenshots. */
const REVIEWING_ROLES: ReadonlySet<string> = new Set(['reviewer', 'operator']);

/** Read from the database on every call, so a role taken away takes effect at once. */
export async function canReview(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row !== undefined && REVIEWING_ROLES.has(row.role);
}
