import { z } from 'zod/mini';
import { toPlainText } from './plain-text';
import { endpoint, Points } from './envelope';
import { SubmissionStatus } from './task.contracts';

/** Reviewer calls (role `reviewer` or `admin`); the operator console comes later and uses these. */

export const ReviewItem = z.object({
  id: z.int(),
  taskId: z.int(),
  taskTitle: z.string(),
  /** The earner's public id and masked phone: enough to spot repeats, not to contact. */
  earnerId: z.string(),
  earnerPhone: z.string(),
  /** The earner's account id, which the console's other screens write as "#id" and the Earners screen finds. */
  earnerRowId: z.int(),
  status: SubmissionStatus,
  reason: z.nullable(z.string()),
  pictures: z.array(z.string()),
  /** Submissions of other earners with a picture of the same content: likely one screenshot passed around. */
  duplicateOf: z.array(z.int()),
  reward: Points,
  createdAt: z.string(),
  /** Not decided by then, it passes on its own. */
  deadlineAt: z.string(),
  reviewedAt: z.nullable(z.string()),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export const ReviewListQuery = z.object({
  status: z.optional(SubmissionStatus),
  page: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000)))),
});

export const reviewList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/review/list',
  auth: true,
  input: ReviewListQuery,
  data: z.object({ list: z.array(ReviewItem), hasMore: z.boolean() }),
});

const SubmissionId = z.int().check(z.gt(0), z.lte(2_147_483_647));

export const reviewPass = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/review/pass',
  auth: true,
  input: z.object({ submissionId: SubmissionId }),
  data: ReviewItem,
});

export const ReviewReason = z.string().check(toPlainText(), z.minLength(2), z.maxLength(300));

export const reviewFail = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/review/fail',
  auth: true,
  input: z.object({ submissionId: SubmissionId, reason: ReviewReason }),
  data: ReviewItem,
});
