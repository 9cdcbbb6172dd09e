import { FLAG_DECISIONS, LEDGER_REASONS, PAYMENT_METHODS, PAYOUT_STATES, ROLES, RUN_STATUSES, STEP_ACTIONS, SUBMISSION_STATUSES, TASK_KINDS, TASK_SCHEDULES } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** `column in ('a', 'b')` from a contract's list, so the CHECK and the typed column name the same values. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The stable public id the messaging sign uses (`thirdUserId`); never the row id. */
    publicId: text('public_id').notNull().unique(),
    /** E.164, normalised per country before it is stored. */
    phone: text('phone').notNull().unique(),
    country: text('country').notNull(),
    passwordHash: text('password_hash').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
    level: smallint('level').notNull().default(1),
    language: text('language').notNull().default('en-US'),
    currency: text('currency').notNull().default('USD'),
    /** `reviewer` may decide audit submissions; `operator` (the console, later) may do that and more. */
    role: text('role', { enum: ROLES }).notNull().default('earner'),
    /** When the password last changed (migration 0035): browsers known from before it are strangers again. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_level_range', sql`${t.level} between 1 and 11`),
    check('users_role_known', oneOf(t.role, ROLES)),
    index('users_inviter_idx').on(t.inviterId),
  ],
);

/** Codes that open registration without an inviter (the seed's root code, operators' campaign codes). */
export const rootInviteCodes = pgTable('root_invite_codes', {
  code: text('code').primaryKey(),
  createdAt: createdAt(),
});

/** The earner a row belongs to (most tables have one). */
const userIdColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id);

/** The task a row is about; `tasks` is declared further down, so the reference is lazy. */
const taskIdColumn = () =>
  integer('task_id')
    .notNull()
    .references((): AnyPgColumn => tasks.id);

/** Every upline of an earner up to five levels, so team counts are one indexed query. */
export const userAncestors = pgTable(
  'user_ancestors',
  {
    userId: userIdColumn(),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id),
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ancestorId] }),
    index('user_ancestors_ancestor_idx').on(t.ancestorId, t.depth),
    check('user_ancestors_depth_range', sql`${t.depth} between 1 and 5`),
  ],
);

/** Opaque bearer tokens: only the SHA-256 of a token is stored, so a leaked table logs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Where the session was opened: a share visit from an address or device its owner uses never counts. */
    ip: text('ip'),
    deviceId: text('device_id'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_user_device_idx')
      .on(t.userId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * Every sign-up with the address and device it came from: the limits per address and per device
 * count these, and the operator's fraud view reads sign-ups under one inviter from one device or
 * address (flagged, never silently dropped) from the groups kept beside it, `signupFlagGroups`.
 */
export const signups = pgTable(
  'signups',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
    ip: text('ip').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('signups_ip_idx').on(t.ip, t.createdAt),
    index('signups_device_idx').on(t.deviceId, t.createdAt),
    index('signups_inviter_ip_idx').on(t.inviterId, t.ip),
    index('signups_inviter_device_idx')
      .on(t.inviterId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
  ],
);

/**
 * The fraud flags kept (migration 0040): an inviter's sign-ups from one browser id or one address,
 * a row once there are two, counted again by a trigger on `signups` at each one added. The team
 * module reads it; nothing in the server writes it. `shared_value` never leaves the database.
 */
export const signupFlagGroups = pgTable(
  'signup_flag_groups',
  {
    flagKey: text('flag_key').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references((): AnyPgColumn => users.id),
    sharedBy: text('shared_by', { enum: ['device', 'address'] }).notNull(),
    sharedValue: text('shared_value').notNull(),
    /** The flag's invitees, two or more; how many is the array's length (migration 0041). */
    inviteeIds: integer('invitee_ids').array().notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('signup_flag_groups_last_idx').on(t.lastAt.desc(), t.inviterId, t.sharedBy),
    check('signup_flag_groups_shared_by_known', sql`${t.sharedBy} in ('device', 'address')`),
    check('signup_flag_groups_two_or_more', sql`cardinality(${t.inviteeIds}) >= 2`),
  ],
);

/**
 * Secrets the server makes for itself on first start and every process shares through the
 * database (e.g. the salt of share-visit address keys), so none has to be configured or committed.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Password attempts, kept in the database so that every server process counts the same ones. An
 * attempt is written (reserved) before its password is checked and removed only when it succeeds,
 * so attempts still being checked count like failures: parallel guesses cannot slip past a limit.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the attempt guards: a login (`phone` is the number) or a password change (`phone` is the user id). */
    scope: text('scope', { enum: ['login', 'passwordChange'] }).notNull().default('login'),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    /** The browser's random id (DeviceId) when the attempt sent one (migration 0034). */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_phone_idx').on(t.phone, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * The ledger is double-entry (DESIGN §4). A transfer moves a positive amount, in hundredths of a
 * point, from one account to another; its idempotency key makes a retried write return the first
 * transfer instead of a second one, and a mistake is fixed by a transfer that `reverses` another,
 * never by an update.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reverses: bigint('reverses', { mode: 'number' }).references((): AnyPgColumn => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_key_uq').on(t.idempotencyKey),
    // A transfer can be reversed once only.
    uniqueIndex('ledger_transfers_reverses_uq').on(t.reverses),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_reason_known', oneOf(t.reason, LEDGER_REASONS)),
  ],
);

/** The platform's side of every transfer: where rewards come from, and where withdrawals go. */
export const PLATFORM_ACCOUNTS = ['rewards', 'payouts_in_flight', 'paid_out', 'fees'] as const;
const LEDGER_ACCOUNTS = ['earner', ...PLATFORM_ACCOUNTS] as const;

/**
 * The two legs of each transfer: the amount leaving one account (negative) and arriving at the
 * other (positive), so every transfer, and so all accounts together, sum to zero (a deferred
 * trigger checks each transfer at commit). An earner's leg names the earner; a platform leg names
 * its account. An earner's balance is the sum of their legs.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    userId: integer('user_id').references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    index('ledger_entries_transfer_idx').on(t.transferId),
    index('ledger_entries_platform_idx').on(t.account).where(sql`${t.userId} is null`),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_reason_known', oneOf(t.reason, LEDGER_REASONS)),
    check('ledger_entries_account_known', oneOf(t.account, LEDGER_ACCOUNTS)),
    check('ledger_entries_earner_named', sql`(${t.account} = 'earner') = (${t.userId} is not null)`),
  ],
);

/**
 * The running balance, updated in the same statement as each entry; never below zero. `earned` is
 * the running sum of the earner's earning entries (`ledger_earning`, migration 0023), kept the same way.
 */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('balances_non_negative', sql`${t.balance} >= 0`)],
);

/** One row per language of SPEC §9: the language's currency and the operator's point rate. */
export const currencies = pgTable(
  'currencies',
  {
    language: text('language').primaryKey(),
    code: text('code').notNull(),
    microsPerPoint: integer('micros_per_point').notNull(),
    fractionDigits: smallint('fraction_digits').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [check('currencies_rate_positive', sql`${t.microsPerPoint} > 0`)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    schedule: text('schedule', { enum: TASK_SCHEDULES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    reward: integer('reward').notNull(),
    minLevel: smallint('min_level').notNull().default(1),
    /** Recurring tasks: UTC time of day (HH:MM) at which progress resets. */
    resetTime: text('reset_time'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many completions count per period. */
    timesPerPeriod: integer('times_per_period').notNull().default(1),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Translations by language key: `{ "hi-IN": { title, description, steps: [step titles by position] } }`; English lives in the columns. */
    texts: jsonb('texts').$type<TaskTexts>().notNull().default({}),
    /** Join-group: the group link (`tg-url`); every other kind with an open step: the page it opens. */
    targetUrl: text('target_url'),
    /** Tasks that ask the earner to post their invitation link (a status, a post): the proof page shows it, to copy or share. */
    showsInviteLink: boolean('shows_invite_link').notNull().default(false),
    /** Proof steps: screenshots a submission needs (1 or 2). */
    proofPictures: smallint('proof_pictures').notNull().default(1),
    /** Proof steps: what each picture shows, in English (translations in `texts[language].pictures`); empty when none is named. */
    pictureLabels: jsonb('picture_labels').$type<string[]>().notNull().default([]),
    /** Share steps: attributed visits a run needs. */
    visitsNeeded: smallint('visits_needed').notNull().default(1),
    /** Completions across all earners per UTC day; null is no cap. */
    dailyCap: integer('daily_cap'),
    /** Active window: before `startsAt` the task shows as not open yet. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Archived by an operator: paused for good (never active again, never edited). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tasks_reward_non_negative', sql`${t.reward} >= 0`),
    check('tasks_min_level_range', sql`${t.minLevel} between 1 and 11`),
    check('tasks_schedule_known', oneOf(t.schedule, TASK_SCHEDULES)),
    check('tasks_kind_known', oneOf(t.kind, TASK_KINDS)),
    check('tasks_times_positive', sql`${t.timesPerPeriod} >= 1`),
    check('tasks_proof_pictures_range', sql`${t.proofPictures} between 1 and 2`),
    check('tasks_picture_labels_array', sql`jsonb_typeof(${t.pictureLabels}) = 'array'`),
    check('tasks_visits_positive', sql`${t.visitsNeeded} >= 1`),
    check('tasks_daily_cap_positive', sql`${t.dailyCap} is null or ${t.dailyCap} >= 1`),
    check('tasks_reset_time_format', sql`${t.resetTime} is null or ${t.resetTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('tasks_archived_inactive', sql`${t.archivedAt} is null or not ${t.active}`),
  ],
);

export interface TaskTexts {
  [language: string]: { title?: string; description?: string; steps?: string[]; pictures?: string[] };
}

export const taskSteps = pgTable(
  'task_steps',
  {
    id: serial('id').primaryKey(),
    taskId: taskIdColumn(),
    position: smallint('position').notNull(),
    h5Url: text('h5_url').notNull(),
    title: text('title').notNull(),
    /** What finishing the step takes (StepAction of the contracts). */
    action: text('action', { enum: STEP_ACTIONS }).notNull().default('open'),
  },
  (t) => [
    uniqueIndex('task_steps_task_position_uq').on(t.taskId, t.position),
    check('task_steps_action_known', oneOf(t.action, STEP_ACTIONS)),
  ],
);

/**
 * One attempt of an earner at a task. `period` names the schedule's period ('once' for one-time and
 * timed tasks, the UTC start of the day-period for recurring ones), so a reset is simply a new
 * period with no runs yet; `seq` counts attempts within it. `step` is the position of the step to
 * do next (the step count once all are done).
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    taskId: taskIdColumn(),
    period: text('period').notNull(),
    seq: smallint('seq').notNull(),
    step: smallint('step').notNull().default(0),
    /** inProgress → underReview → failed | passed (ready to collect) → completed (credited). */
    status: text('status', { enum: RUN_STATUSES }).notNull().default('inProgress'),
    reason: text('reason'),
    /** What was credited, once it was; null before. */
    rewardPaid: integer('reward_paid'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('task_runs_attempt_uq').on(t.userId, t.taskId, t.period, t.seq),
    index('task_runs_user_idx').on(t.userId, t.taskId, t.period),
    index('task_runs_task_completed_idx').on(t.taskId, t.completedAt),
    check('task_runs_status_known', oneOf(t.status, RUN_STATUSES)),
  ],
);

/** Completions of a task per UTC day across all earners, for the task's daily cap. */
export const taskDailyCounts = pgTable(
  'task_daily_counts',
  {
    taskId: taskIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.day] })],
);

/** Screenshots, re-encoded and stored under `id` (random, also the file name); never served to anyone but the owner and reviewers. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
    /** SHA-256 of the bytes the earner sent: the same picture from another earner is flagged to reviewers. */
    contentHash: text('content_hash'),
    /** The one submission this picture proves, set once: a screenshot is never proof twice. */
    submissionId: integer('submission_id').references((): AnyPgColumn => submissions.id),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_content_hash_idx').on(t.contentHash)],
);

/** Proof sent for review: one row per upload of 1–2 screenshots; a failed one stays, a re-upload is a new row. */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => taskRuns.id),
    userId: userIdColumn(),
    taskId: taskIdColumn(),
    pictures: jsonb('pictures').$type<string[]>().notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('underReview'),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: createdAt(),
    /** Not decided by then, it is passed automatically. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('submissions_user_idx').on(t.userId, t.createdAt),
    index('submissions_run_idx').on(t.runId),
    index('submissions_pending_idx').on(t.status, t.deadlineAt),
    check('submissions_status_known', oneOf(t.status, SUBMISSION_STATUSES)),
  ],
);

/** A share step's link: `link_id` in the URL names it, and visits through it are counted for its run. */
export const shareLinks = pgTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    runId: integer('run_id')
      .notNull()
      .unique()
      .references(() => taskRuns.id),
    createdAt: createdAt(),
  },
);

/** Counted visits; the unique keys make a visitor (and an address) count once per link. */
export const shareVisits = pgTable(
  'share_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => shareLinks.id),
    /** `u:<user id>` for a signed-in visitor, `v:<browser id>` otherwise. */
    visitorKey: text('visitor_key').notNull(),
    /** A hash of the visitor's address, so one device cannot count again by clearing storage. */
    addressKey: text('address_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('share_visits_visitor_uq').on(t.linkId, t.visitorKey), uniqueIndex('share_visits_address_uq').on(t.linkId, t.addressKey)],
);

/** Redemption codes an operator made in one go, each with the batch's reward, uses and expiry. */
export const redeemCodeBatches = pgTable(
  'redeem_code_batches',
  {
    id: serial('id').primaryKey(),
    reward: integer('reward').notNull(),
    count: integer('count').notNull(),
    maxUses: integer('max_uses').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('redeem_code_batches_figures', sql`${t.reward} > 0 and ${t.count} between 1 and 500 and ${t.maxUses} >= 1`)],
);

/** Redemption codes: `reward` is decided here, never by the client. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    code: text('code').primaryKey(),
    /** The operator's batch it was made in; null for the seeded demo codes. */
    batchId: integer('batch_id').references(() => redeemCodeBatches.id),
    reward: integer('reward').notNull(),
    maxUses: integer('max_uses').notNull(),
    used: integer('used').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('redeem_codes_reward_positive', sql`${t.reward} > 0`),
    check('redeem_codes_uses', sql`${t.used} between 0 and ${t.maxUses}`),
    index('redeem_codes_batch_idx').on(t.batchId),
  ],
);

export const redeemCodeUses = pgTable(
  'redeem_code_uses',
  {
    code: text('code')
      .notNull()
      .references(() => redeemCodes.code),
    userId: userIdColumn(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    /** The client's key for the try that redeemed (migration 0033); null for older uses. */
    attempt: text('attempt'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
);

/** Banks, UPI apps and wallets that pay out, per country; seed data the operator can edit. */
export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('institutions_name_uq').on(t.country, t.method, t.name), check('institutions_method_known', oneOf(t.method, PAYMENT_METHODS))],
);

/** The operator's withdrawal rules per currency: presets and limits in minor units, fee on points. */
export const withdrawSettings = pgTable(
  'withdraw_settings',
  {
    currency: text('currency').primaryKey(),
    presets: jsonb('presets').$type<number[]>().notNull(),
    minAmount: integer('min_amount').notNull(),
    feeBps: integer('fee_bps').notNull(),
    feeMinPoints: integer('fee_min_points').notNull(),
    dailyCount: integer('daily_count').notNull(),
    dailyAmount: bigint('daily_amount', { mode: 'number' }).notNull(),
    /** Orders above this amount wait for a payout operator; the rest are sent on their own. */
    approvalAbove: bigint('approval_above', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('withdraw_settings_positive', sql`${t.minAmount} > 0 and ${t.dailyCount} > 0 and ${t.dailyAmount} > 0`),
    check('withdraw_settings_fee_range', sql`${t.feeBps} between 0 and 5000 and ${t.feeMinPoints} >= 0`),
  ],
);

/**
 * The one account an earner withdraws to. Changing it starts a new cooling-off period; orders keep
 * a copy of what they were sent to, so a change never redirects money already on its way.
 */
export const recipients = pgTable(
  'recipients',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn().unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    account: text('account').notNull(),
    ifsc: text('ifsc'),
    coolingOffUntil: timestamp('cooling_off_until', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('recipients_method_known', oneOf(t.method, PAYMENT_METHODS))],
);

/**
 * One withdrawal. Its points left the earner's balance in `holdTransferId` when it was requested;
 * they reach the provider's side (`success`) or come back in one transfer (`failed`).
 */
export const withdrawOrders = pgTable(
  'withdraw_orders',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', { enum: PAYOUT_STATES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    fractionDigits: smallint('fraction_digits').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    institutionName: text('institution_name').notNull(),
    accountName: text('account_name').notNull(),
    account: text('account').notNull(),
    ifsc: text('ifsc'),
    points: bigint('points', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failureReason: text('failure_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdraw_orders_key_uq').on(t.userId, t.idempotencyKey),
    index('withdraw_orders_user_idx').on(t.userId, t.requestedAt),
    index('withdraw_orders_state_idx').on(t.state, t.requestedAt),
    check('withdraw_orders_state_known', oneOf(t.state, PAYOUT_STATES)),
    check('withdraw_orders_amounts', sql`${t.amount} > 0 and ${t.points} > 0 and ${t.fee} >= 0 and ${t.total} = ${t.points} + ${t.fee}`),
  ],
);

/**
 * Every callback a payout provider delivered, kept once per event: a repeated delivery finds its
 * row and changes nothing; `outcome` records what it did (applied, repeated, refused and why).
 */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: integer('order_id').references(() => withdrawOrders.id),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payout_callbacks_order_idx').on(t.orderId)],
);

/** The local payout simulator's own book: what it was asked to pay, once per order. */
export const simulatorPayouts = pgTable('simulator_payouts', {
  reference: text('reference').primaryKey(),
  account: text('account').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  submissions: integer('submissions').notNull().default(1),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

/**
 * Jobs a transaction asked for, written by that transaction (migration 0018); the wallet's relay
 * moves them to the job queue in batches and deletes them in the same transaction.
 */
export const jobOutbox = pgTable('job_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  queue: text('queue').notNull(),
  data: jsonb('data').notNull(),
  startAfter: timestamp('start_after', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

export const REBATE_STATES = ['held', 'paid'] as const;

/**
 * One upline's rebate on one task reward (the team module's table; the points themselves are in
 * the ledger). `held` waits for the earner's first approved audit task and is not in the upline's
 * balance; `paid` has its ledger transfer (key `rebate:<run>:<depth>`). One row per run and depth.
 */
export const teamRebates = pgTable(
  'team_rebates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => taskRuns.id),
    /** Whose task reward it came from. */
    earnerId: integer('earner_id')
      .notNull()
      .references(() => users.id),
    uplineId: integer('upline_id')
      .notNull()
      .references(() => users.id),
    depth: smallint('depth').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: REBATE_STATES }).notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_rebates_run_depth_key').on(t.runId, t.depth),
    index('team_rebates_upline_idx').on(t.uplineId, t.status, t.paidAt),
    index('team_rebates_earner_held_idx').on(t.earnerId).where(sql`${t.status} = 'held'`),
    check('team_rebates_depth_range', sql`${t.depth} between 1 and 5`),
    check('team_rebates_amount_positive', sql`${t.amount} > 0`),
    check('team_rebates_status_known', oneOf(t.status, REBATE_STATES)),
    check('team_rebates_not_self', sql`${t.earnerId} <> ${t.uplineId}`),
  ],
);

/**
 * The agent report's rollup: one row per upline and UTC day, moved by the events themselves
 * (a sign-up, a task reward, a withdrawal request) so the report never scans the ledger.
 */
export const teamDailyStats = pgTable(
  'team_daily_stats',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    registered: integer('registered').notNull().default(0),
    onlineUsers: integer('online_users').notNull().default(0),
    onlinePoints: bigint('online_points', { mode: 'number' }).notNull().default(0),
    withdrawalUsers: integer('withdrawal_users').notNull().default(0),
    withdrawalPoints: bigint('withdrawal_points', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.day] })],
);

export const MEMBER_DAY_KINDS = ['earned', 'withdrew'] as const;

/** That a member earned or withdrew on a day: the first event of a day counts them once in their uplines' rollups. */
export const memberDays = pgTable(
  'member_days',
  {
    userId: userIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: MEMBER_DAY_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.kind] }), check('member_days_kind_known', oneOf(t.kind, MEMBER_DAY_KINDS))],
);

/** What decides an earner's level, kept up to date in the transactions that change it (the levels module's table). */
export const userProgress = pgTable(
  'user_progress',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Lifetime task rewards, hundredths of a point. */
    taskPoints: bigint('task_points', { mode: 'number' }).notNull().default(0),
    /** Direct invitees with an approved audit task. */
    activeInvitees: integer('active_invitees').notNull().default(0),
    /** The first approved audit task: rebates from this earner are held until then. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The run that verified the earner: the one payment that releases the held rebates and counts them as an active invitee. */
    verifiedRunId: integer('verified_run_id'),
    /** The highest level whose "You reached LV n" notice the earner has seen. */
    levelSeen: smallint('level_seen').notNull().default(1),
  },
  (t) => [check('user_progress_figures', sql`${t.taskPoints} >= 0 and ${t.activeInvitees} >= 0`)],
);

/**
 * Operator configuration: the rebate of the upline at each depth, in basis points of the task
 * reward (seeded 300/200/200/100/100). A depth without a row pays nothing, so removing rows
 * shortens the chain; the team tree itself keeps five levels.
 */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    depth: smallint('depth').primaryKey(),
    bps: integer('bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rebate_rates_depth_range', sql`${t.depth} between 1 and 5`), check('rebate_rates_bps_range', sql`${t.bps} between 0 and 10000`)],
);

/** Operator configuration: what each level needs. Seeded with defaults; LV1 needs nothing. */
export const levelRules = pgTable(
  'level_rules',
  {
    level: smallint('level').primaryKey(),
    minTaskPoints: bigint('min_task_points', { mode: 'number' }).notNull(),
    minActiveInvitees: integer('min_active_invitees').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('level_rules_level_range', sql`${t.level} between 1 and 11`), check('level_rules_figures', sql`${t.minTaskPoints} >= 0 and ${t.minActiveInvitees} >= 0`)],
);

/**
 * Operator configuration of the lucky draw (the draw module's table): the prizes with their
 * weights and the widgets' styling in one document (`DrawConfig`), and the rules that grant spins.
 * A change is a new row, never an edit, so every spin keeps the configuration it was picked from.
 */
export const drawSettings = pgTable(
  'draw_settings',
  {
    id: serial('id').primaryKey(),
    config: jsonb('config').notNull(),
    /** Spins every earner gets each UTC day. */
    dailySpins: smallint('daily_spins').notNull(),
    /** Spins granted with each approved audit task. */
    spinsPerAuditTask: smallint('spins_per_audit_task').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('draw_settings_rules', sql`${t.dailySpins} between 0 and 100 and ${t.spinsPerAuditTask} between 0 and 100`)],
);

export const SPIN_SOURCES = ['daily', 'audit_task'] as const;

/**
 * One spin an earner was granted, and, once used, what it won (the draw module's table). Granted
 * by the server only (`grant_key` says why and makes a repeated grant a no-op); used once, in the
 * transaction that picks the prize and credits it with the ledger key `spin:<id>`.
 */
export const drawSpins = pgTable(
  'draw_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    source: text('source', { enum: SPIN_SOURCES }).notNull(),
    grantKey: text('grant_key').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The earner's key of the tap that used it: the same key again answers this spin. */
    requestKey: text('request_key'),
    settingsId: integer('settings_id').references(() => drawSettings.id),
    prizeIndex: smallint('prize_index'),
    amount: bigint('amount', { mode: 'number' }),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('draw_spins_grant_key_uq').on(t.grantKey),
    uniqueIndex('draw_spins_request_key_uq').on(t.userId, t.requestKey),
    index('draw_spins_unused_idx').on(t.userId, t.id).where(sql`${t.usedAt} is null`),
    index('draw_spins_used_idx').on(t.userId, t.usedAt).where(sql`${t.usedAt} is not null`),
    check('draw_spins_source_known', oneOf(t.source, SPIN_SOURCES)),
    // A spin is either unused (nothing filled in) or used with all of its outcome.
    check(
      'draw_spins_outcome_whole',
      sql`(${t.usedAt} is null and ${t.requestKey} is null and ${t.settingsId} is null and ${t.prizeIndex} is null and ${t.amount} is null and ${t.ledgerEntryId} is null)
       or (${t.usedAt} is not null and ${t.requestKey} is not null and ${t.settingsId} is not null and ${t.prizeIndex} >= 0 and ${t.amount} > 0 and ${t.ledgerEntryId} is not null)`,
    ),
  ],
);

/**
 * One-time codes of the messaging-number flow (the messaging module's table). The earner sends
 * `code` from `phone` to the official account; the provider's signed webhook delivers it and the
 * code becomes `verified`. A code is never reused: a new request makes a new row.
 */
export const messagingCodes = pgTable(
  'messaging_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    country: text('country').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Once verified: what it credited, and whether the day's cap held the reward back. */
    reward: bigint('reward', { mode: 'number' }).notNull().default(0),
    capped: boolean('capped').notNull().default(false),
  },
  (t) => [
    index('messaging_codes_user_idx').on(t.userId, t.createdAt),
    index('messaging_codes_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * Code requests refused because the number is another earner's (the messaging module's table).
 * They count toward the earner's hourly limit as codes do, so asking about number after number
 * cannot tell which phones belong to earners; rows older than the hour are dropped as new ones come.
 */
export const messagingCodeRefusals = pgTable(
  'messaging_code_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('messaging_code_refusals_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Verified numbers (the messaging module's table): a number belongs to one earner at a time (the
 * primary key). Deleting removes the row; what the number earned stays in `messaging_rewards`.
 */
export const messagingNumbers = pgTable(
  'messaging_numbers',
  {
    phone: text('phone').primaryKey(),
    userId: userIdColumn(),
    country: text('country').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    /** The last message this number sent us: online means within the configured window. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('messaging_numbers_user_idx').on(t.userId)],
);

/**
 * What each number earned, once ever (the primary key): deleting and adding it again, by the same
 * earner or another, earns nothing more. A verification held back by the day's cap writes no row,
 * so that number may still earn on another day.
 */
export const messagingRewards = pgTable(
  'messaging_rewards',
  {
    phone: text('phone').primaryKey(),
    userId: userIdColumn(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('messaging_rewards_user_day_idx').on(t.userId, t.day),
    check('messaging_rewards_amount', sql`${t.amount} > 0 and ${t.ledgerEntryId} is not null`),
  ],
);

/** Messaging points credited per earner and UTC day: the daily cap is a conditional update of this row. */
export const messagingDailyPoints = pgTable(
  'messaging_daily_points',
  {
    userId: userIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('messaging_daily_points_non_negative', sql`${t.points} >= 0`)],
);

/** Provider deliveries by message id: a message delivered twice is handled once. */
export const messagingInbound = pgTable('messaging_inbound', {
  messageId: text('message_id').primaryKey(),
  phone: text('phone').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messaging API (time, sign) pairs already accepted, kept while their time is within the accepted
 * skew: every process on the database refuses a replay. Rows past `expires_at` are removed as new
 * ones arrive.
 */
export const messagingSignUses = pgTable(
  'messaging_sign_uses',
  {
    sign: text('sign').notNull(),
    time: text('time').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sign, t.time] }), index('messaging_sign_uses_expiry_idx').on(t.expiresAt)],
);

/** Half-minutes in a UTC day: one bit each in `presence_days.slots`. */
export const PRESENCE_SLOTS = 2880;

const slotBits = customType<{ data: string; driverData: string }>({
  dataType: () => `bit(${PRESENCE_SLOTS})`,
});

/**
 * An earner's presence on the online page, one row per UTC day. Bit n of `slots` is set when a
 * heartbeat fell in the day's half-minute n. Writers only OR bits in, so merging the same
 * heartbeats twice, in any order, from any number of processes, gives the same row: two tabs
 * never count twice. `seconds` is derived from the bits: a half-minute counts when the one before
 * it was beaten too (30 s), or the one before that (60 s, one beat missed); a longer gap ends the
 * session. Credits are decided from `seconds`, never from the buffer of a process.
 */
export const presenceDays = pgTable(
  'presence_days',
  {
    userId: userIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    slots: slotBits('slots').notNull(),
    seconds: integer('seconds')
      .notNull()
      .generatedAlwaysAs(
        sql`(30 * bit_count(slots & (slots >> 1)) + 60 * bit_count(slots & ~(slots >> 1) & (slots >> 2)))::integer`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Every operator action (migration 0013): append-only, a trigger refuses updates and deletes. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    operatorRole: text('operator_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('operator_actions_target_idx').on(t.targetType, t.targetId),
    index('operator_actions_operator_idx').on(t.operatorId, t.createdAt),
  ],
);

/** A reviewer's hold on a submission until `expiresAt`, so two reviewers never decide the same one at once. */
export const reviewClaims = pgTable(
  'review_claims',
  {
    submissionId: integer('submission_id')
      .primaryKey()
      .references(() => submissions.id),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_claims_reviewer_idx').on(t.reviewerId)],
);

/** Earners an operator froze: they sign in and read the reason, but cannot withdraw. */
export const earnerFreezes = pgTable(
  'earner_freezes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    reason: text('reason').notNull(),
    frozenBy: integer('frozen_by')
      .notNull()
      .references(() => users.id),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('earner_freezes_reason_length', sql`char_length(${t.reason}) between 2 and 300`)],
);

/**
 * Operators' decisions on fraud flags, each with its note (the console's fraud screen). Only ever
 * added to: the latest row of a flag counts; a sign-up flag that grew since (`signups_seen`) is open again.
 */
export const fraudFlagDecisions = pgTable(
  'fraud_flag_decisions',
  {
    id: serial('id').primaryKey(),
    flagKey: text('flag_key').notNull(),
    decision: text('decision', { enum: FLAG_DECISIONS }).notNull(),
    note: text('note').notNull(),
    signupsSeen: integer('signups_seen'),
    decidedBy: integer('decided_by')
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fraud_flag_decisions_key_idx').on(t.flagKey, t.id.desc()),
    check('fraud_flag_decisions_known', oneOf(t.decision, FLAG_DECISIONS)),
    check('fraud_flag_decisions_note_length', sql`char_length(${t.note}) between 2 and 300`),
  ],
);

export const OPERATOR_SETTING_KEYS = ['title', 'fbPixelId', 'messagingDailyCap', 'reviewDeadlineMinutes'] as const;

/**
 * Operator settings that default to the server's environment (the config module's table): a key
 * without a row keeps the environment's value. Read where used, never cached by a process.
 */
export const operatorSettings = pgTable(
  'operator_settings',
  {
    key: text('key', { enum: OPERATOR_SETTING_KEYS }).primaryKey(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('operator_settings_key_known', oneOf(t.key, OPERATOR_SETTING_KEYS))],
);

/** The drawings an offer card may carry: line icons of our own, since the CSP loads no outside picture. */
export const OFFER_ICONS = ['data', 'audio', 'grocery', 'gift'] as const;

/** An offer's title in one language, written by the operator; languages without one use `title`. */
export type OfferTexts = Partial<Record<string, { title: string }>>;

/**
 * Partner offers (SPEC §7 "goods"), listed to the earners of one currency (migration 0014). The
 * earner pays the partner, never Grab: no amount here moves in the ledger.
 *
 * `discount` is SPEC §9's field in tenths of the usual price, read the way shop tags in the
 * product's home market write it (8 = pay 8 tenths = 20 % off), not as "80 % off": see
 * docs/offers.md. The price to pay is derived here, once, rounded to the nearest minor unit, so
 * the server and every screen show the same figure.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    partner: text('partner').notNull(),
    title: text('title').notNull(),
    texts: jsonb('texts').$type<OfferTexts>().notNull().default({}),
    icon: text('icon', { enum: OFFER_ICONS }).notNull().default('gift'),
    url: text('url').notNull(),
    /** The partner's usual price, minor units of `currency`. */
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    /** Tenths of `listPrice` the earner pays (1–9). */
    discount: smallint('discount').notNull(),
    /** What the earner pays the partner, minor units: `listPrice × discount / 10`, rounded half up. */
    price: bigint('price', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`(list_price * discount + 5) / 10`),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('offers_currency_idx').on(t.currency, t.position).where(sql`${t.active}`),
    check('offers_discount_tenths', sql`${t.discount} between 1 and 9`),
    check('offers_list_price_positive', sql`${t.listPrice} >= 10`),
    check('offers_https', sql`${t.url} like 'https://%'`),
    check('offers_icon_known', oneOf(t.icon, OFFER_ICONS)),
  ],
);

/** An earner's first click on an offer: one row per earner and offer, so each is counted once. */
export const offerClicks = pgTable(
  'offer_clicks',
  {
    userId: userIdColumn(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] }), index('offer_clicks_offer_idx').on(t.offerId)],
);
