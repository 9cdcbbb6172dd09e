import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { AppError, errors } from '../../http/app-error';
import { ErrorCode, type LedgerReasonName } from '@grab/shared/contracts';
import type { Db, Executor, Tx } from '../../db/database';
import { balances, ledgerEntries } from '../../db/schema';

/**
 * The only code that writes ledger rows or balances. Every movement of points is an entry with a
 * reason and an idempotency key; the balance row moves in the same transaction, and a conditional
 * update (plus a CHECK in the table) keeps it from ever going below zero, even under concurrent
 * debits on PostgreSQL.
 */

export const LedgerReason = {
  welcomeBonus: 'welcome_bonus',
  taskReward: 'task_reward',
  rebate: 'rebate',
  prize: 'prize',
  redeemCode: 'redeem_code',
  withdrawal: 'withdrawal',
  withdrawalRefund: 'withdrawal_refund',
  reversal: 'reversal',
} as const satisfies Record<string, LedgerReasonName>;
export type LedgerReason = (typeof LedgerReason)[keyof typeof LedgerReason];

export interface LedgerEntry {
  id: number;
  userId: number;
  amount: number;
  reason: string;
  idempotencyKey: string;
  reverses: number | null;
  createdAt: Date;
}

export interface PostInput {
  userId: number;
  /** Hundredths of a point; positive credits, negative debits. */
  amount: number;
  reason: LedgerReason;
  /** The same key always means the same movement: a retry returns the first entry. */
  idempotencyKey: string;
  reverses?: number | null;
}

export interface PostResult {
  entry: LedgerEntry;
  /** False when the key had already been posted and nothing moved. */
  created: boolean;
}

function normalise(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  // pg hands bigint columns back as strings, PGlite as numbers: one shape for callers.
  return { ...row, id: Number(row.id), amount: Number(row.amount), reverses: row.reverses === null ? null : Number(row.reverses) };
}

function entryValues(input: PostInput) {
  return { userId: input.userId, amount: input.amount, reason: input.reason, idempotencyKey: input.idempotencyKey, reverses: input.reverses ?? null };
}

/**
 * A credit in one statement: the entry, and the balance moved by the entry only when it was
 * inserted (a key posted before moves nothing). Returns the new entry, or none on a reused key.
 */
async function insertCredit(tx: Tx, input: PostInput): Promise<(typeof ledgerEntries.$inferSelect)[]> {
  const entry = tx.$with('entry').as(tx.insert(ledgerEntries).values(entryValues(input)).onConflictDoNothing({ target: ledgerEntries.idempotencyKey }).returning());
  const credit = tx.$with('credit').as(
    tx
      .insert(balances)
      .select(tx.select({ userId: entry.userId, balance: entry.amount, updatedAt: sql`now()`.as('updated_at') }).from(entry))
      .onConflictDoUpdate({ target: balances.userId, set: { balance: sql`${balances.balance} + excluded.balance`, updatedAt: sql`now()` } })
      .returning({ userId: balances.userId }),
  );
  // Named, so each connection parses and plans it once.
  return tx.with(entry, credit).select().from(entry).prepare('ledger-credit').execute();
}

/** A debit: the entry, then the balance moved only if it stays at or above zero. */
async function insertDebit(tx: Tx, input: PostInput): Promise<(typeof ledgerEntries.$inferSelect)[]> {
  const inserted = await tx.insert(ledgerEntries).values(entryValues(input)).onConflictDoNothing({ target: ledgerEntries.idempotencyKey }).returning();
  if (inserted.length === 0) return inserted;
  // The WHERE re-checks after any concurrent debit commits (row lock), so two debits can never
  // both pass on the same points.
  const updated = await tx
    .update(balances)
    .set({ balance: sql`${balances.balance} + ${input.amount}`, updatedAt: sql`now()` })
    .where(and(eq(balances.userId, input.userId), gte(sql`${balances.balance} + ${input.amount}`, 0)))
    .returning({ balance: balances.balance });
  if (updated.length === 0) throw errors.insufficientBalance();
  return inserted;
}

/** Posts one entry inside the caller's transaction, so the movement commits with the business change. */
export async function post(tx: Tx, input: PostInput): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error(`Ledger amount must be a non-zero integer, got ${input.amount}`);
  const [row] = input.amount > 0 ? await insertCredit(tx, input) : await insertDebit(tx, input);
  if (row) return { entry: normalise(row), created: true };
  // A separate statement: it sees the conflicting entry, committed by now, which the statement
  // that met the conflict could not.
  const [existing] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error('Ledger entry vanished after an idempotency conflict');
  const entry = normalise(existing);
  // A reused key with another meaning is a bug in the caller, not a retry.
  if (entry.userId !== input.userId || entry.amount !== input.amount || entry.reason !== input.reason) {
    throw new AppError(ErrorCode.conflict, 'errors.conflict');
  }
  return { entry, created: false };
}

/** Fixes a mistake by posting the opposite amount; the original entry is never edited. */
export async function reverse(tx: Tx, entryId: number, idempotencyKey = `reverse:${entryId}`): Promise<PostResult> {
  const [original] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
  if (!original) throw errors.notFound();
  const entry = normalise(original);
  if (entry.reverses !== null) throw errors.conflict();
  return post(tx, { userId: entry.userId, amount: -entry.amount, reason: LedgerReason.reversal, idempotencyKey, reverses: entry.id });
}

/** Runs `fn` in its own transaction; for callers with nothing else to commit alongside. */
export function postAlone(db: Db, input: PostInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ balance: balances.balance }).from(balances).where(eq(balances.userId, userId));
  return row ? Number(row.balance) : 0;
}

/** The sum of an earner's entries: what the balance must always equal. */
export async function entriesSum(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.total ?? 0);
}

export interface Earnings {
  today: number;
  total: number;
}

/**
 * What an earner earned by their own work and team: task rewards (redemption codes are tasks too),
 * referral rebates and prizes. Not the welcome bonus, and not the refunds or reversals that only
 * undo another movement.
 */
export const EARNING_REASONS: readonly LedgerReason[] = [LedgerReason.taskReward, LedgerReason.redeemCode, LedgerReason.rebate, LedgerReason.prize];

/** Earnings today (UTC) and in total. */
export async function earningsOf(db: Executor, userId: number): Promise<Earnings> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      today: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.reason, [...EARNING_REASONS])));
  return { today: Number(row?.today ?? 0), total: Number(row?.total ?? 0) };
}

export interface Locked {
  amount: number;
  reason: 'welcomeBonusUntilFirstTask' | null;
}

/**
 * Points in the balance that cannot be withdrawn yet (DESIGN §5): the welcome bonus, until the
 * earner's first approved task has paid a reward. One indexed read of the earner's own entries.
 */
export async function lockedOf(db: Executor, userId: number): Promise<Locked> {
  const [row] = await db
    .select({
      welcome: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.reason} = ${LedgerReason.welcomeBonus}), 0)::text`,
      earned: sql<boolean>`coalesce(bool_or(${ledgerEntries.reason} = ${LedgerReason.taskReward}), false)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const welcome = Number(row?.welcome ?? 0);
  if (row?.earned || welcome <= 0) return { amount: 0, reason: null };
  return { amount: welcome, reason: 'welcomeBonusUntilFirstTask' };
}
