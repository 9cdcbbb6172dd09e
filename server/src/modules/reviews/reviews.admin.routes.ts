import { reviewClaim, reviewRelease } from '@grab/shared/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/database';
import { submissions, tasks } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { operatorsOnly } from '../admin/operator-roles';
import { claimSubmission, releaseOwnClaim } from './review-claims.repository';
import { reviewItem } from './reviews.repository';

const HISTORY = 10;

/** The earner's latest other submissions: a reviewer reads a pattern, not one picture alone. */
async function earnerHistory(db: Executor, submissionId: number) {
  const [own] = await db.select({ userId: submissions.userId }).from(submissions).where(eq(submissions.id, submissionId));
  if (!own) return [];
  const rows = await db
    .select({ id: submissions.id, taskTitle: tasks.title, status: submissions.status, reason: submissions.reason, createdAt: submissions.createdAt })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(and(eq(submissions.userId, own.userId), ne(submissions.id, submissionId)))
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(HISTORY);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The console's review queue: a reviewer claims one submission at a time, with a timeout. */
export function reviewsAdminRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const reviewers = operatorsOnly('reviewer', 'admin');
  route(
    app,
    reviewClaim,
    async (input, request) =>
      db.transaction(async (tx) => {
        const claim = await claimSubmission(tx, earnerOf(request).userId, clock.now(), input.submissionId, input.skipped);
        if (!claim) {
          if (input.submissionId !== undefined) throw errors.notFound();
          return null;
        }
        const item = await reviewItem(tx, claim.submissionId);
        if (!item) throw errors.notFound();
        return { item, claimedUntil: claim.until.toISOString(), history: await earnerHistory(tx, claim.submissionId) };
      }),
    reviewers,
  );
  // A reviewer who leaves a submission undecided hands it back at once: otherwise every other
  // reviewer is kept from it until the claim runs out, and the earner's payout waits with it.
  route(app, reviewRelease, async (input, request) => ({ released: await releaseOwnClaim(db, input.submissionId, earnerOf(request).userId, clock.now()) }), reviewers);
}
