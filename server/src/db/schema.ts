import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    createdAt: createdAt(),
  },
  (t) => [check('users_level_range', sql`${t.level} between 1 and 11`), index('users_inviter_idx').on(t.inviterId)],
);

/** Codes that open registration without an inviter (the seed's root code, operators' campaign codes). */
export const rootInviteCodes = pgTable('root_invite_codes', {
  code: text('code').primaryKey(),
  createdAt: createdAt(),
});

/** Every upline of an earner up to five levels, so team counts are one indexed query. */
export const userAncestors = pgTable(
  'user_ancestors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, kept in the database so that every server process counts the same attempts. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
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
    kind: text('kind').notNull(),
    schedule: text('schedule').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [
    check('tasks_reward_non_negative', sql`${t.reward} >= 0`),
    check('tasks_min_level_range', sql`${t.minLevel} between 1 and 11`),
    check('tasks_schedule_known', sql`${t.schedule} in ('once', 'recurring', 'timed')`),
  ],
);

export const taskSteps = pgTable(
  'task_steps',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    position: smallint('position').notNull(),
    h5Url: text('h5_url').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('task_steps_task_position_uq').on(t.taskId, t.position)],
);
