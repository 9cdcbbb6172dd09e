import { ErrorCode } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { earnerOf } from '../../http/route';

/** Roles that may decide submissions and see any earner's screenshots. */
const REVIEWING_ROLES: ReadonlySet<string> = new Set(['reviewer', 'admin']);

/**
 * For the review calls, on the role the session was read with: no query per call, so a role taken
 * away takes effect within the session cache window (SESSION_CACHE_MS), as a revoked token does.
 */
export function isReviewingRole(role: string): boolean {
  return REVIEWING_ROLES.has(role);
}

/** Read from the database on every call, so a role taken away takes effect at once. */
export async function canReview(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row !== undefined && isReviewingRole(row.role);
}

/** A route guard: reviewers and admins only, refused in the caller's language otherwise. */
export async function reviewersOnly(request: FastifyRequest): Promise<void> {
  if (!isReviewingRole(earnerOf(request).role)) throw new AppError(ErrorCode.forbidden, 'reviews.reviewersOnly');
}
