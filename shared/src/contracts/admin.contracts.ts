import { z } from 'zod/mini';
import { DIAL_CODES } from '../phone/countries';
import { hasLetterOrDigit, toPlainText } from './plain-text';
import { Currency } from './config.contracts';
import { endpoint, Points } from './envelope';
import { ReviewItem } from './review.contracts';
import { STEP_ACTIONS, SubmissionStatus, TASK_KINDS, TASK_SCHEDULES } from './task.contracts';
import { OPERATOR_ROLES } from './auth.contracts';
import { CurrencyCode, LanguageKey } from './user.contracts';
import { methodsOf, PaymentMethod } from './wallet.contracts';
import { FlagDecision } from './team.contracts';

/**
 * The operator console's calls (admin/, served at /admin). Each names the roles that may make it;
 * the server refuses everyone else with 403, earners included. Ids are row ids of objects the
 * operator may see whole; the role, not ownership, is what authorizes them.
 */

export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

export const RowId = z.int().check(z.gt(0), z.lte(2_147_483_647));
export const Page = z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000))));
/** A moment from 1970 on: ISO-8601 allows year 0000, which JavaScript reads and PostgreSQL refuses. */
const Instant = z.iso.datetime().check(z.refine((at) => Date.parse(at) >= 0));
const Note = z.string().check(toPlainText(), z.minLength(2), z.maxLength(300));

/** Who is signed in to the console: the login's token, then this role check. */
export const adminMe = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/me',
  auth: true,
  input: z.object({}),
  data: z.object({ userId: z.int(), role: OperatorRole, phone: z.string() }),
});

const Count = z.int().check(z.gte(0));

/**
 * What waits for the signed-in operator, for the menu beside each screen whose work is theirs (null:
 * not theirs). Submissions undecided, with the earliest moment one passes on its own (the review
 * deadline); withdrawal orders awaiting approval, and those whose dispatch failed and wait for a retry;
 * fraud flags no admin has decided on (sign-up flags, and invitees whose rebates are held), the
 * admins' alone: reviewers may read the flags but not decide them.
 */
export const ConsoleWaiting = z.object({
  reviews: z.nullable(z.object({ undecided: Count, nextDeadline: z.nullable(z.string()) })),
  withdrawals: z.nullable(z.object({ awaitingApproval: Count, dispatchFailed: Count })),
  fraud: z.nullable(z.object({ signupFlags: Count, heldRebates: Count })),
});
export type ConsoleWaiting = z.infer<typeof ConsoleWaiting>;

export const consoleWaiting = endpoint({ api: 'main', method: 'GET', path: '/admin/waiting', auth: true, input: z.object({}), data: ConsoleWaiting });

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
  /** Object ids, or a fraud flag's key. */
  targetId: z.optional(z.string().check(z.maxLength(120))),
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

/** How many skipped submissions the console names in a claim: a reviewer's session, not a history. */
export const MAX_SKIPPED = 50;

/**
 * Claims the given submission, or the oldest one nobody holds; null when the queue is empty.
 * `skipped`, the submissions this reviewer skipped, the longest ago first, are handed only when
 * nothing else waits, in that order: a Skip moves on instead of getting the same one back.
 */
export const reviewClaim = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/review/claim',
  auth: true,
  input: z.object({ submissionId: z.optional(RowId), skipped: z.optional(z.array(RowId).check(z.maxLength(MAX_SKIPPED))) }),
  data: z.nullable(ReviewClaim),
});

/** A submission's number as the release reads it: missing, 0, negative or not a whole number is named. */
const ReleasedSubmission = z.int({ error: 'validation.submissionId' }).check(z.gt(0, { error: 'validation.submissionId' }), z.lte(2_147_483_647, { error: 'validation.submissionId' }));

/**
 * Lets go of the caller's own claim, so any reviewer is handed the submission at once instead of
 * after the claim's 10 minutes. Idempotent: with no claim of the caller's to let go (released
 * already, decided, or never claimed) it answers `released: false` and changes nothing. Another
 * reviewer's live claim is refused (409) and left as it is.
 */
export const reviewRelease = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/review/release',
  auth: true,
  input: z.object({ submissionId: ReleasedSubmission }),
  data: z.object({ released: z.boolean() }),
});

export { REVIEW_FAIL_PRESETS } from './review-presets';

// ---- Earners ----------------------------------------------------------------------------------

export const EarnerProfile = z.object({
  id: z.int(),
  publicId: z.string(),
  phone: z.string(),
  country: z.string(),
  /** The currency the account's withdrawals are paid in. */
  currency: z.string(),
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

/** An earner's account as every console screen writes it, "#123", typed into the Earners search. */
export const EARNER_NUMBER = /^#\s*(\d+)$/;

/**
 * What the Earners screen searches by: "#123" (the account id), a whole invitation code, or 3 or
 * more characters of a phone number; a bare number of digits is read as both a phone fragment and
 * an account id. "#" says the operator means an id: anything after it but digits is refused, not
 * searched as a phone or code.
 */
export const EarnerQuery = z.string().check(
  z.trim(),
  z.maxLength(20, { error: 'admin.earnerSearch' }),
  z.refine((q) => q.startsWith('#') || q.length >= 3, { error: 'admin.earnerSearch' }),
  z.refine((q) => !q.startsWith('#') || EARNER_NUMBER.test(q), { error: 'admin.earnerNumber' }),
);

export const earnerSearch = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/earners/search',
  auth: true,
  input: z.object({ q: EarnerQuery }),
  data: z.object({ list: z.array(EarnerProfile) }),
});

export const EarnerLedgerLine = z.object({
  id: z.int(),
  transferId: z.int(),
  amount: z.int(),
  reason: z.string(),
  createdAt: z.string(),
  /** The transfer that reversed this one, when an operator corrected it. */
  reversedBy: z.nullable(z.int()),
  /** A credit the console may reverse: from the rewards account, not yet reversed. */
  reversible: z.boolean(),
});
export type EarnerLedgerLine = z.infer<typeof EarnerLedgerLine>;
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

/**
 * The correction of a mistaken credit: a reversal transfer that takes the entry's points back to
 * the rewards account, never an edit. Once per entry; refused when the earner's balance no longer
 * holds the points (already withdrawn): nothing then changes and the message says so.
 */
export const earnerReverse = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/earners/reverse',
  auth: true,
  input: z.object({ earnerId: RowId, entryId: RowId, reason: Note }),
  data: z.object({ earner: EarnerProfile, reversal: EarnerLedgerLine }),
});

// ---- Fraud flags ------------------------------------------------------------------------------

/**
 * A decision on a sign-up flag: dismiss it (a family, a shop's network), or freeze the inviter and
 * every invitee of the flag. A freeze's note is the reason each of them reads; nothing is banned
 * without one.
 */
export const signupFlagDecide = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/fraud/signup-decide',
  auth: true,
  input: z.object({ key: z.string().check(z.minLength(1), z.maxLength(120)), action: z.enum(['dismiss', 'freeze']), note: Note }),
  data: z.object({ key: z.string(), decision: FlagDecision, frozen: z.array(z.int()) }),
});

/** An invitee whose uplines' rebates wait for their first approved audit task. */
export const HeldRebates = z.object({
  earnerId: z.int(),
  earnerPhone: z.string(),
  rebates: z.int(),
  /** Hundredths of a point held in all. */
  amount: z.int(),
  uplines: z.int(),
  since: z.string(),
  decision: z.nullable(FlagDecision),
});
export type HeldRebates = z.infer<typeof HeldRebates>;
export const heldRebatesList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/fraud/held-rebates',
  auth: true,
  input: z.object({ page: Page }),
  data: z.object({ list: z.array(HeldRebates), hasMore: z.boolean() }),
});
/**
 * Release an invitee's held rebates to their uplines now (checked by hand), or keep them held with
 * a note. Rebates of later rewards are held again until the invitee's first approved audit task.
 */
export const heldRebatesDecide = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/fraud/rebates-decide',
  auth: true,
  input: z.object({ earnerId: RowId, action: z.enum(['release', 'keep']), note: Note }),
  data: z.object({ earnerId: z.int(), decision: FlagDecision, released: z.int() }),
});

// ---- Tasks ------------------------------------------------------------------------------------

const Text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
/** What each proof picture shows: none, or one label per picture (blank translations read English). */
const PictureLabels = z.array(Text(60)).check(z.maxLength(2));
export const TaskTextsInput = z.partialRecord(LanguageKey, z.object({ title: Text(80), description: Text(400), pictures: z.optional(PictureLabels) }));

/**
 * Where a task sends an earner: a page of this app (`/auditTask`) or an https address. Never
 * `javascript:` or `data:`, which a link would run or show as if it were the app's own page.
 */
const APP_PAGE_OR_HTTPS = /^(\/(?!\/)\S*|https:\/\/\S+)$/;
/** A task's own link is https; empty is no link, as null is. */
const HTTPS_OR_NONE = /^(https:\/\/\S+)?$/;
const AdminTaskStep = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  action: z.enum(STEP_ACTIONS),
  h5Url: z.string().check(z.trim(), z.maxLength(200), z.regex(APP_PAGE_OR_HTTPS, { error: 'a step opens a page of the app (/auditTask) or an https:// address' })),
});

// What the console shows under the field (operators read English); zod's own words say "Invalid input".
const TITLE_RULE = 'a title of 2 to 80 characters';
const DESCRIPTION_RULE = 'a description of 2 to 400 characters';

const adminTaskFields = {
  kind: z.enum(TASK_KINDS),
  schedule: z.enum(TASK_SCHEDULES),
  /** English: the task's own columns, and what reviewers read. */
  title: z.string().check(z.trim(), z.minLength(2, { error: TITLE_RULE }), z.maxLength(80, { error: TITLE_RULE })),
  description: z.string().check(z.trim(), z.minLength(2, { error: DESCRIPTION_RULE }), z.maxLength(400, { error: DESCRIPTION_RULE })),
  reward: Points.check(z.lte(100_000_00)),
  minLevel: z.int().check(z.gte(1), z.lte(11)),
  dailyCap: z.nullable(z.int().check(z.gte(1), z.lte(1_000_000))),
  position: z.int().check(z.gte(0), z.lte(10_000)),
  resetTime: z.nullable(z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/))),
  endsAt: z.nullable(Instant),
  proofPictures: z.int().check(z.gte(1), z.lte(2)),
  targetUrl: z.nullable(z.string().check(z.trim(), z.maxLength(500), z.regex(HTTPS_OR_NONE, { error: 'the link starts with https://' }))),
  /** The proof page shows the earner's invitation link, to copy or share (a task that asks them to post it); absent is no. */
  showsInviteLink: z.optional(z.boolean()),
  steps: z.array(AdminTaskStep).check(z.maxLength(5)),
  /** English; absent or empty names no picture. */
  pictureLabels: z.optional(PictureLabels),
  texts: TaskTextsInput,
};
/** A redemption-code task is done on the hall itself (the code field): the only kind without steps. */
const stepsFitKind = z.refine<{ kind: string; steps: unknown[] }>((v) => v.kind === 'redeemCode' || v.steps.length >= 1, { error: 'every task but a code needs 1 to 5 steps', path: ['steps'] });
/** The earner reads a label under every picture or none: a half-named pair would leave one picture unexplained. */
const labelsFitPictures = z.refine<{ proofPictures: number; pictureLabels?: string[] | undefined }>(
  (v) => !v.pictureLabels?.length || (v.pictureLabels.length === v.proofPictures && v.pictureLabels.every((l) => l.length >= 2)),
  { error: 'name every picture of proof, or none', path: ['pictureLabels'] },
);
export const AdminTaskInput = z.object(adminTaskFields).check(stepsFitKind, labelsFitPictures);
export type AdminTaskInput = z.infer<typeof AdminTaskInput>;

/** The whole task again, as on creation; its kind stays what it was (runs of every earner depend on it). */
export const AdminTaskEdit = z.object({ taskId: RowId, ...adminTaskFields }).check(stepsFitKind, labelsFitPictures);
export type AdminTaskEdit = z.infer<typeof AdminTaskEdit>;

/** A stored task; seeded ones may have no steps (a code is redeemed on the hall itself), or longer texts. */
export const AdminTask = z.object({
  id: z.int(),
  active: z.boolean(),
  /** When it was archived: out of the catalogue for good, no longer edited or resumed. */
  archivedAt: z.nullable(z.string()),
  createdAt: z.string(),
  ...adminTaskFields,
  title: z.string(),
  description: z.string(),
  reward: z.int(),
  endsAt: z.nullable(z.string()),
  showsInviteLink: z.boolean(),
  steps: z.array(z.object({ title: z.string(), action: z.enum(STEP_ACTIONS), h5Url: z.string() })),
  pictureLabels: z.array(z.string()),
  texts: z.partialRecord(LanguageKey, z.object({ title: z.string(), description: z.string(), pictures: z.optional(z.array(z.string())) })),
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

export const adminTaskUpdate = endpoint({ api: 'main', method: 'POST', path: '/admin/tasks/update', auth: true, input: AdminTaskEdit, data: AdminTask });
/** Archives a task: paused for good. Runs already under review are still decided and paid. */
export const adminTaskArchive = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/tasks/archive',
  auth: true,
  input: z.object({ taskId: RowId }),
  data: AdminTask,
});

// ---- Redemption codes -------------------------------------------------------------------------

/** A batch of codes made at once, all with the same reward, uses and expiry. */
export const CodeBatchInput = z.object({
  /** Hundredths of a point each redemption pays. */
  reward: Points.check(z.gt(0), z.lte(100_000_00)),
  count: z.int().check(z.gte(1), z.lte(500)),
  /** How many earners may redeem each code (each earner once). */
  maxUses: z.int().check(z.gte(1), z.lte(1_000_000)),
  expiresAt: Instant,
  note: z.string().check(z.trim(), z.maxLength(120)),
});
export type CodeBatchInput = z.infer<typeof CodeBatchInput>;

export const CodeBatch = z.object({
  id: z.int(),
  reward: z.int(),
  count: z.int(),
  maxUses: z.int(),
  expiresAt: z.string(),
  note: z.string(),
  createdBy: z.int(),
  createdAt: z.string(),
  /** Redemptions of all the batch's codes so far. */
  redeemed: z.int(),
});
export type CodeBatch = z.infer<typeof CodeBatch>;

export const RedeemCodeView = z.object({ code: z.string(), used: z.int(), maxUses: z.int(), expiresAt: z.string() });
export type RedeemCodeView = z.infer<typeof RedeemCodeView>;
export const Redemption = z.object({ code: z.string(), earnerId: z.int(), earnerPhone: z.string(), reward: z.int(), redeemedAt: z.string() });
export type Redemption = z.infer<typeof Redemption>;

export const codeBatchCreate = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/codes/create',
  auth: true,
  input: CodeBatchInput,
  data: z.object({ batch: CodeBatch, codes: z.array(RedeemCodeView) }),
});
export const codeBatchList = endpoint({ api: 'main', method: 'GET', path: '/admin/codes/batches', auth: true, input: z.object({ page: Page }), data: z.object({ list: z.array(CodeBatch), hasMore: z.boolean() }) });
export const codeBatchCodes = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/codes/batch',
  auth: true,
  input: z.object({ batchId: z.pipe(z.coerce.number(), RowId) }),
  data: z.object({ batch: CodeBatch, codes: z.array(RedeemCodeView), redemptions: z.array(Redemption) }),
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
  data: z.object({
    list: z.array(
      z.object({
        day: z.string(),
        currency: z.string(),
        /** The currency's decimals, to show `amount` (minor units) as money. */
        fractionDigits: z.int(),
        state: z.string(),
        orders: z.int(),
        amount: z.int(),
        /** Points paid out and fees kept, hundredths of a point. */
        points: z.int(),
        fee: z.int(),
      }),
    ),
  }),
});

// ---- Configuration ----------------------------------------------------------------------------

const Minor = z.int().check(z.gt(0), z.lte(1_000_000_000_000));

/** One currency's withdrawal rules: presets and limits in the currency's minor units, the fee on points. */
export const WithdrawRulesInput = z
  .object({
    currency: CurrencyCode,
    presets: z.array(Minor).check(z.minLength(1), z.maxLength(8)),
    /** An integer column: a larger minimum would be no withdrawal anyone could make anyway. */
    minAmount: Minor.check(z.lte(2_147_483_647)),
    /** Basis points of the withdrawn points, at most 50 %. */
    feeBps: z.int().check(z.gte(0), z.lte(5000)),
    /** The least fee, hundredths of a point. */
    feeMinPoints: z.int().check(z.gte(0), z.lte(100_000_00)),
    dailyCount: z.int().check(z.gte(1), z.lte(100)),
    dailyAmount: Minor,
    /** Orders above this wait for a payout operator. */
    approvalAbove: z.int().check(z.gte(0), z.lte(1_000_000_000_000)),
  })
  .check(
    z.refine((r) => r.presets.every((p, i) => i === 0 || p > (r.presets[i - 1] ?? 0)), { error: 'presets go from the smallest up, each once', path: ['presets'] }),
    z.refine((r) => r.presets.every((p) => p >= r.minAmount), { error: 'every preset is at least the minimum', path: ['presets'] }),
    z.refine((r) => r.dailyAmount >= r.minAmount, { error: 'the daily amount is at least the minimum', path: ['dailyAmount'] }),
  );
export type WithdrawRulesInput = z.infer<typeof WithdrawRulesInput>;

export const LevelThreshold = z.object({
  level: z.int().check(z.gte(1), z.lte(11)),
  /** Lifetime task rewards, hundredths of a point. */
  minTaskPoints: z.int().check(z.gte(0), z.lte(1_000_000_000_00)),
  minActiveInvitees: z.int().check(z.gte(0), z.lte(1_000_000)),
});
export type LevelThreshold = z.infer<typeof LevelThreshold>;
/** LV1 needs nothing; each level after needs at least what the one before does. */
export const LevelThresholdsInput = z.object({
  levels: z.array(LevelThreshold).check(
    z.minLength(1),
    z.maxLength(11),
    z.refine((ls) => ls.every((l, i) => l.level === i + 1), { error: 'levels 1, 2, 3… in order' }),
    z.refine((ls) => ls[0]?.minTaskPoints === 0 && ls[0]?.minActiveInvitees === 0, { error: 'LV1 needs nothing' }),
    z.refine((ls) => ls.every((l, i) => i === 0 || (l.minTaskPoints >= (ls[i - 1]?.minTaskPoints ?? 0) && l.minActiveInvitees >= (ls[i - 1]?.minActiveInvitees ?? 0))), {
      error: 'each level needs at least what the one before needs',
    }),
  ),
});
export type LevelThresholdsInput = z.infer<typeof LevelThresholdsInput>;

/** Referral rates by depth (basis points of a task reward); fewer rates pay fewer levels up. */
export const RebateRatesInput = z.object({
  rates: z.array(z.int().check(z.gte(0), z.lte(2000))).check(
    z.maxLength(5),
    z.refine((rs) => rs.reduce((a, b) => a + b, 0) <= 5000, { error: 'all depths together pay at most 50 % of a reward' }),
  ),
});
export type RebateRatesInput = z.infer<typeof RebateRatesInput>;

/** The draw's prizes (amount and weight, in the configuration's order) and the spin rules; the looks stay. */
export const DrawPrizesInput = z.object({
  prizes: z
    .array(z.object({ amount: z.int().check(z.gte(1), z.lte(100_000_00)), weight: z.int().check(z.gte(0), z.lte(1_000_000)) }))
    .check(
      z.minLength(2),
      z.maxLength(8),
      z.refine((ps) => ps.some((p) => p.weight > 0), { error: 'a draw needs a prize that can be picked' }),
    ),
  dailySpins: z.int().check(z.gte(0), z.lte(100)),
  spinsPerAuditTask: z.int().check(z.gte(0), z.lte(100)),
});
export type DrawPrizesInput = z.infer<typeof DrawPrizesInput>;

/** A currency's rate, for every language paid in it (languages that share a currency share its rate). */
export const CurrencyRateInput = z.object({
  code: CurrencyCode,
  /** Millionths of the currency's major unit one point is worth. */
  microsPerPoint: z.int().check(z.gte(1), z.lte(1_000_000_000)),
  fractionDigits: z.int().check(z.gte(0), z.lte(3)),
});
export type CurrencyRateInput = z.infer<typeof CurrencyRateInput>;

/** Settings that default to the server's environment until an operator sets them. */
export const OperatorSettings = z.object({
  /** The document title (SPEC §2). */
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  /** The ad pixel id; the pixel loads only when set. */
  fbPixelId: z.nullable(z.string().check(z.regex(/^\d{5,20}$/))),
  /** Messaging-number points an earner may earn a day, hundredths of a point. */
  messagingDailyCap: z.int().check(z.gte(0), z.lte(1_000_000_000)),
  /** Minutes a submission waits for a reviewer before it passes on its own; counts for new submissions. */
  reviewDeadlineMinutes: z.int().check(z.gte(1), z.lte(60 * 24 * 30)),
});
export type OperatorSettings = z.infer<typeof OperatorSettings>;

/**
 * A bank, UPI or wallet earners of one country can be paid through. Switched off, it leaves the
 * earners' lists, and recipients already saved with it must be changed before the next withdrawal.
 */
export const ConsoleInstitution = z.object({
  id: z.int(),
  country: z.string(),
  method: PaymentMethod,
  name: z.string(),
  active: z.boolean(),
  /** Earners whose saved recipient is this institution. */
  recipients: z.int(),
});
export type ConsoleInstitution = z.infer<typeof ConsoleInstitution>;

/** A new institution (no id), or a name or an on/off change of one; its country and method never change. */
export const InstitutionInput = z
  .object({
    id: z.nullable(z.int().check(z.gt(0), z.lte(2_147_483_647))),
    country: z.string().check(z.refine((c) => Object.hasOwn(DIAL_CODES, c), { error: 'a country earners sign up from' })),
    method: PaymentMethod,
    name: z.string().check(toPlainText(), z.minLength(2), z.maxLength(60), z.refine(hasLetterOrDigit, { error: 'a name with letters or digits' })),
    active: z.boolean(),
  })
  .check(z.refine((i) => methodsOf(i.country).includes(i.method), { error: 'not a payment method of that country', path: ['method'] }));
export type InstitutionInput = z.infer<typeof InstitutionInput>;

/**
 * Where one institution stands in its country's list of its method, from 0 (shown first); the
 * others keep their order around it. A place, not a step, so a retried move lands where the first did.
 */
export const InstitutionPlaceInput = z.object({
  id: z.int().check(z.gt(0), z.lte(2_147_483_647)),
  index: z.int().check(z.gte(0), z.lte(999)),
});
export type InstitutionPlaceInput = z.infer<typeof InstitutionPlaceInput>;

export const ConsoleConfig = z.object({
  settings: OperatorSettings,
  currencies: z.array(Currency),
  withdraw: z.array(WithdrawRulesInput),
  levels: z.array(LevelThreshold),
  rebates: z.array(z.int()),
  draw: z.nullable(z.object({ version: z.int(), prizes: z.array(z.object({ amount: z.int(), weight: z.int() })), dailySpins: z.int(), spinsPerAuditTask: z.int() })),
  institutions: z.array(ConsoleInstitution),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;

const configCall = <I extends z.ZodMiniType>(path: string, input: I) => endpoint({ api: 'main', method: 'POST', path, auth: true, input, data: ConsoleConfig });
/** The operator's configuration (admins only); each change is checked by its schema and audit-logged. */
export const configView = endpoint({ api: 'main', method: 'GET', path: '/admin/config', auth: true, input: z.object({}), data: ConsoleConfig });
export const configCurrency = configCall('/admin/config/currency', CurrencyRateInput);
export const configWithdraw = configCall('/admin/config/withdraw', WithdrawRulesInput);
export const configLevels = configCall('/admin/config/levels', LevelThresholdsInput);
export const configRebates = configCall('/admin/config/rebates', RebateRatesInput);
export const configDraw = configCall('/admin/config/draw', DrawPrizesInput);
export const configSettings = configCall('/admin/config/settings', OperatorSettings);
export const configInstitution = configCall('/admin/config/institution', InstitutionInput);
export const configInstitutionPlace = configCall('/admin/config/institution/place', InstitutionPlaceInput);
