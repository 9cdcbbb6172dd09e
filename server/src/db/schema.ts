import { LEDGER_REASONS, ROLES, RUN_STATUSES, STEP_ACTIONS, SUBMISSION_STATUSES, TASK_KINDS, TASK_SCHEDULES } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
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
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every sign-up with the address and device it came from: the limits per address and per device
 * count these, and the operator's fraud view reads sign-ups under one inviter from one device or
 * address from here (flagged, never silently dropped).
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
    index('signups_inviter_idx').on(t.inviterId),
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
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_phone_idx').on(t.phone, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * The ledger: append-only, one row per credit (positive) or debit (negative) in hundredths of a
 * point. The idempotency key makes a retried write return the first entry instead of a second one;
 * a mistake is fixed by an entry that `reverses` another, never by an update.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reverses: bigint('reverses', { mode: 'number' }).references((): AnyPgColumn => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_uq').on(t.idempotencyKey),
    // An entry can be reversed once only.
    uniqueIndex('ledger_entries_reverses_uq').on(t.reverses),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_reason_known', oneOf(t.reason, LEDGER_REASONS)),
  ],
);

/** The running balance, updated in the same transaction as each entry; never below zero. */
export const balances = pgTable(
  'balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
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
    /** Join-group: the group link (`tg-url`); registration and app download: the page to open. */
    targetUrl: text('target_url'),
    /** Proof steps: screenshots a submission needs (1 or 2). */
    proofPictures: smallint('proof_pictures').notNull().default(1),
    /** Share steps: attributed visits a run needs. */
    visitsNeeded: smallint('visits_needed').notNull().default(1),
    /** Completions across all earners per UTC day; null is no cap. */
    dailyCap: integer('daily_cap'),
    /** Active window: before `startsAt` the task shows as not open yet. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tasks_reward_non_negative', sql`${t.reward} >= 0`),
    check('tasks_min_level_range', sql`${t.minLevel} between 1 and 11`),
    check('tasks_schedule_known', oneOf(t.schedule, TASK_SCHEDULES)),
    check('tasks_kind_known', oneOf(t.kind, TASK_KINDS)),
    check('tasks_times_positive', sql`${t.timesPerPeriod} >= 1`),
    check('tasks_proof_pictures_range', sql`${t.proofPictures} between 1 and 2`),
    check('tasks_visits_positive', sql`${t.visitsNeeded} >= 1`),
    check('tasks_daily_cap_positive', sql`${t.dailyCap} is null or ${t.dailyCap} >= 1`),
    check('tasks_reset_time_format', sql`${t.resetTime} is null or ${t.resetTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

export interface TaskTexts {
  [language: string]: { title?: string; description?: string; steps?: string[] };
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

/** Redemption codes: `reward` is decided here, never by the client. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    code: text('code').primaryKey(),
    reward: integer('reward').notNull(),
    maxUses: integer('max_uses').notNull(),
    used: integer('used').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('redeem_codes_reward_positive', sql`${t.reward} > 0`),
    check('redeem_codes_uses', sql`${t.used} between 0 and ${t.maxUses}`),
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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
);
