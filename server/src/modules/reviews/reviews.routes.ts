import { reviewFail, reviewList, reviewPass } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import type { Clock } from '../../clock';
import { recordAction } from '../admin/audit-log.repository';
import { scheduleAutoPass } from './auto-pass';
import { assertNotClaimedByOther, releaseClaim } from './review-claims.repository';
import { reviewersOnly } from './reviewer-role';
import { reviewPage, toReviewItem } from './reviews.repository';
import { failSubmission, passSubmission } from './reviews.service';

/** The reviewer calls and the deadline's automatic pass: everything that decides a submission. */
/** Decisions read the clock service like the task engine does, so tests move review time the same way. */
export function reviewsRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const guard = { guards: [reviewersOnly] };
  route(app, reviewList, (input) => reviewPage(db, input.status ?? 'underReview', input.page ?? 1), guard);
  // The claim check, the decision, the payment, the claim's release and the audit entry are one
  // statement of their own (`passSubmission`): no transaction round trips around it.
  route(
    app,
    reviewPass,
    async (input, request) => {
      const { userId, role } = earnerOf(request);
      const { item } = await passSubmission(db, input.submissionId, { userId, role }, clock.now());
      return toReviewItem(item);
    },
    guard,
  );
  // A failure decides and answers the item as it stands after it, in one transaction.
  route(
    app,
    reviewFail,
    (input, request) =>
      db.transaction(async (tx) => {
        const operator = earnerOf(request);
        // Another reviewer's live claim (the console's queue) keeps the submission theirs.
        await assertNotClaimedByOther(tx, input.submissionId, operator.userId, clock.now());
        const failed = await failSubmission(tx, input.submissionId, operator.userId, input.reason, clock.now());
        await releaseClaim(tx, input.submissionId);
        await recordAction(tx, operator, {
          action: 'review.fail',
          targetType: 'submission',
          targetId: input.submissionId,
          before: { status: 'underReview' },
          after: { status: failed.status, reason: failed.reason },
          note: failed.reason,
        });
        return toReviewItem(failed);
      }),
    guard,
  );
  scheduleAutoPass(app, db, clock);
}
