import { reviewFail, reviewList, reviewPass } from '@grab/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/database';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import type { Clock } from '../../clock';
import { recordAction } from '../admin/audit-log.repository';
import { scheduleAutoPass } from './auto-pass';
import { assertNotClaimedByOther, releaseClaim } from './review-claims.repository';
import { reviewersOnly } from './reviewer-role';
import { type ItemRow, reviewItem, reviewPage, toReviewItem } from './reviews.repository';
import { failSubmission, passSubmission } from './reviews.service';

/** The reviewer calls and the deadline's automatic pass: everything that decides a submission. */
/** Decisions read the clock service like the task engine does, so tests move review time the same way. */
export function reviewsRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const guard = { preHandler: [reviewersOnly] };
  /**
   * Decides and answers the item as it stands after the decision, in one transaction. A decision
   * that moved nothing (passed before) reads the item, which the decision itself returns otherwise.
   */
  const decide = (request: FastifyRequest, submissionId: number, apply: (tx: Tx) => Promise<ItemRow | null>) =>
    db.transaction(async (tx) => {
      const operator = earnerOf(request);
      // Another reviewer's live claim (the console's queue) keeps the submission theirs.
      await assertNotClaimedByOther(tx, submissionId, operator.userId, clock.now());
      const decided = await apply(tx);
      if (decided) {
        await releaseClaim(tx, submissionId);
        await recordAction(tx, operator, {
          action: decided.status === 'passed' ? 'review.pass' : 'review.fail',
          targetType: 'submission',
          targetId: submissionId,
          before: { status: 'underReview' },
          after: { status: decided.status, reason: decided.reason },
          note: decided.reason,
        });
        return toReviewItem(decided);
      }
      const item = await reviewItem(tx, submissionId);
      if (!item) throw errors.notFound();
      return item;
    });

  route(app, reviewList, (input) => reviewPage(db, input.status ?? 'underReview', input.page ?? 1), guard);
  route(
    app,
    reviewPass,
    (input, request) => decide(request, input.submissionId, (tx) => passSubmission(tx, input.submissionId, earnerOf(request).userId, clock.now())),
    guard,
  );
  route(
    app,
    reviewFail,
    (input, request) => decide(request, input.submissionId, (tx) => failSubmission(tx, input.submissionId, earnerOf(request).userId, input.reason, clock.now())),
    guard,
  );
  scheduleAutoPass(app, db, clock);
}
