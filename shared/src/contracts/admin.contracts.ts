import { z } from 'zod/mini';
import { endpoint, Points } from './envelope';
import { ReviewItem } from './review.contracts';
import { STEP_ACTIONS, SubmissionStatus, TASK_KINDS, TASK_SCHEDULES } from './task.contracts';
import { OPERATOR_ROLES } from './auth.contracts';
import { LanguageKey } from './user.contracts';

/**
 * The operator console's calls (admin/, served at /admin). Each names the roles that may make it;
 * the server refuses everyone else with 403, earners included. Ids are row ids of objects the
 * operator may see whole; the role, not ownership, is what authorizes them.
 */

export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

const RowId = z.int().check(z.gt(0), z.lte(2_147_483_647));
const Page = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))));
const Note = z.string().check(z.trim(), z.minLength(2), z.maxLength(300));

/** Who is signed in to the console: the login's token, then this role check. */
export const adminMe = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/me',
  auth: true,
  input: z.object({}),
  data: z.object({ userId: z.int(), role: OperatorRole, phone: z.string() }),
});

// ---- Audit log --------------------------------------------------------------------------------

export const OperatorAction = z.object({
  id: z.int(),
  operatorId: z.int(),
  operatorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.nullable(z.string()),
  createdAt: z.string(),
});
export type OperatorAction = z.infer<typeof OperatorAction>;

export const AuditQuery = z.object({
  action: z.optional(z.string().check(z.maxLength(60))),
  targetType: z.optional(z.string().check(z.maxLength(40))),
  targetId: z.optional(z.string().check(z.maxLength(40))),
  operatorId: z.optional(z.pipe(z.coerce.number(), RowId)),
  page: Page,
});
export const auditList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/audit/list',
  auth: true,
  input: AuditQuery,
  data: z.object({ list: z.array(OperatorAction), hasMore: z.boolean() }),
});

// ---- Review queue -----------------------------------------------------------------------------

export const EarnerSubmission = z.object({ id: z.int(), taskTitle: z.string(), status: SubmissionStatus, reason: z.nullable(z.string()), createdAt: z.string() });

export const ReviewClaim = z.object({
  item: ReviewItem,
  /** Until then no other reviewer is handed this submission. */
  claimedUntil: z.string(),
  /** The same earner's latest submissions, this one excluded. */
  history: z.array(EarnerSubmission),
});
export type ReviewClaim = z.infer<typeof ReviewClaim>;

/** Claims the given submission, or the oldest one nobody holds; null when the queue is empty. */
export const reviewClaim = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/review/claim',
  auth: true,
  input: z.object({ submissionId: z.optional(RowId) }),
  data: z.nullable(ReviewClaim),
});

/** Reasons a reviewer picks from; free text may follow. */
export const REVIEW_FAIL_PRESETS = [
  'The screenshot does not show the finished task',
  'The screenshot is cut off or unreadable',
  'This screenshot was already submitted by someone else',
  'The account name does not match yours',
] as const;

// ---- Earners ----------------------------------------------------------------------------------

export const EarnerProfile = z.object({
  id: z.int(),
  publicId: z.string(),
  phone: z.string(),
  country: z.string(),
  inviteCode: z.string(),
  level: z.int(),
  role: z.string(),
  balance: z.int(),
  directCount: z.int(),
  inviterId: z.nullable(z.int()),
  frozen: z.nullable(z.object({ reason: z.string(), frozenAt: z.string(), frozenBy: z.int() })),
  createdAt: z.string(),
});
export type EarnerProfile = z.infer<typeof EarnerProfile>;

export const earnerSearch = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/earners/search',
  auth: true,
  input: z.object({ q: z.string().check(z.trim(), z.minLength(3), z.maxLength(20)) }),
  data: z.object({ list: z.array(EarnerProfile) }),
});

export const EarnerLedgerLine = z.object({ id: z.int(), transferId: z.int(), amount: z.int(), reason: z.string(), createdAt: z.string() });
export const earnerLedger = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/earners/ledger',
  auth: true,
  input: z.object({ earnerId: z.pipe(z.coerce.number(), RowId), page: Page }),
  data: z.object({ list: z.array(EarnerLedgerLine), hasMore: z.boolean() }),
});

export const earnerFreeze = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/earners/freeze',
  auth: true,
  input: z.object({ earnerId: RowId, reason: Note }),
  data: EarnerProfile,
});
export const earnerUnfreeze = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/earners/unfreeze',
  auth: true,
  input: z.object({ earnerId: RowId, reason: Note }),
  data: EarnerProfile,
});

// ---- Tasks ------------------------------------------------------------------------------------

const Text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
export const TaskTextsInput = z.partialRecord(LanguageKey, z.object({ title: Text(80), description: Text(400) }));

const AdminTaskStep = z.object({ title: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)), action: z.enum(STEP_ACTIONS), h5Url: z.string().check(z.maxLength(200)) });

export const AdminTaskInput = z.object({
  kind: z.enum(TASK_KINDS),
  schedule: z.enum(TASK_SCHEDULES),
  /** English: the task's own columns, and what reviewers read. */
  title: z.string().check(z.trim(), z.minLength(2), z.maxLength(80)),
  description: z.string().check(z.trim(), z.minLength(2), z.maxLength(400)),
  reward: Points.check(z.lte(100_000_00)),
  minLevel: z.int().check(z.gte(1), z.lte(11)),
  dailyCap: z.nullable(z.int().check(z.gte(1), z.lte(1_000_000))),
  position: z.int().check(z.gte(0), z.lte(10_000)),
  resetTime: z.nullable(z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/))),
  endsAt: z.nullable(z.iso.datetime()),
  proofPictures: z.int().check(z.gte(1), z.lte(2)),
  targetUrl: z.nullable(z.string().check(z.maxLength(500))),
  steps: z.array(AdminTaskStep).check(z.minLength(1), z.maxLength(5)),
  texts: TaskTextsInput,
});
export type AdminTaskInput = z.infer<typeof AdminTaskInput>;

/** A stored task; seeded ones may have no steps (a code is redeemed on the hall itself), or longer texts. */
export const AdminTask = z.object({
  id: z.int(),
  active: z.boolean(),
  createdAt: z.string(),
  ...AdminTaskInput.shape,
  title: z.string(),
  description: z.string(),
  reward: z.int(),
  endsAt: z.nullable(z.string()),
  steps: z.array(z.object({ title: z.string(), action: z.enum(STEP_ACTIONS), h5Url: z.string() })),
  texts: z.partialRecord(LanguageKey, z.object({ title: z.string(), description: z.string() })),
});
export type AdminTask = z.infer<typeof AdminTask>;

export const adminTaskList = endpoint({ api: 'main', method: 'GET', path: '/admin/tasks/list', auth: true, input: z.object({ page: Page }), data: z.object({ list: z.array(AdminTask), hasMore: z.boolean() }) });
export const adminTaskCreate = endpoint({ api: 'main', method: 'POST', path: '/admin/tasks/create', auth: true, input: AdminTaskInput, data: AdminTask });
export const adminTaskSetActive = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/tasks/active',
  auth: true,
  input: z.object({ taskId: RowId, active: z.boolean() }),
  data: AdminTask,
});

// ---- Withdrawals ------------------------------------------------------------------------------

export const PayoutCallbackView = z.object({ provider: z.string(), eventId: z.string(), status: z.string(), outcome: z.string(), receivedAt: z.string() });
export const payoutCallbacks = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/payout/callbacks',
  auth: true,
  input: z.object({ orderId: z.pipe(z.coerce.number(), RowId) }),
  data: z.object({ list: z.array(PayoutCallbackView) }),
});
export const payoutDailyTotals = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/payout/daily-totals',
  auth: true,
  input: z.object({}),
  data: z.object({ list: z.array(z.object({ day: z.string(), currency: z.string(), state: z.string(), orders: z.int(), amount: z.int() })) }),
});
