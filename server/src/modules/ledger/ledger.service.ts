import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError, errors } from '../../http/app-error';
import { type EarningKind, ErrorCode, type LedgerReasonName } from '@grab/shared/contracts';
import type { Db, Executor, Tx } from '../../db/database';
import { balances, ledgerEntries, ledgerTransfers, type PLATFORM_ACCOUNTS } from '../../db/schema';

/**
 * The only code that writes ledger rows or balances. The ledger is double-entry: every movement of
 * points is a transfer of a positive amount from one account to another (an earner's, or one of
 * the platform's), written as two legs that sum to zero, with a reason and an idempotency key. An
 * earner's balance row moves in the same statement; a conditional update (plus a CHECK in the
 * table) keeps it from ever going below zero, even under concurrent debits on PostgreSQL.
 */

export const LedgerReason = {
  welcomeBonus: 'welcome_bonus',
  taskReward: 'task_reward',
  rebate: 'rebate',
  prize: 'prize',
  redeemCode: 'redeem_code',
  withdrawal: 'withdrawal',
  withdrawalRefund: 'withdrawal_refund',
  withdrawalPaid: 'withdrawal_paid',
  withdrawalFee: 'withdrawal_fee',
  reversal: 'reversal',
} as const satisfies Record<string, LedgerReasonName>;
export type LedgerReason = (typeof LedgerReason)[keyof typeof LedgerReason];

export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
/** Where points are issued from: its balance is minus every point ever earned. */
export const REWARDS: Account = { platform: 'rewards' };
export const PAYOUTS_IN_FLIGHT: Account = { platform: 'payouts_in_flight' };

export type Account = { userId: number } | { platform: PlatformAccount };

export interface LedgerEntry {
  id: number;
  transferId: number;
  /** The earner's id on an earner's leg, null on a platform leg. */
  userId: number | null;
  account: string;
  amount: number;
  reason: string;
  createdAt: Date;
}

export interface TransferInput {
  from: Account;
  to: Account;
  /** Hundredths of a point, positive. */
  amount: number;
  reason: LedgerReason;
  /** The same key always means the same movement: a retry returns the first transfer. */
  idempotencyKey: string;
  reverses?: number | null;
}

export interface TransferResult {
  transferId: number;
  /** The leg taken from `from` (negative) and the one given to `to` (positive). */
  debit: LedgerEntry;
  credit: LedgerEntry;
  /** False when the key had already been posted and nothing moved. */
  created: boolean;
}

interface EntryRow {
  id: string | number;
  transfer_id: string | number;
  user_id: number | null;
  account: string;
  amount: string | number;
  reason: string;
  created_at: string | Date;
  debited?: string | number | null;
}

function normalise(row: EntryRow): LedgerEntry {
  // pg hands bigint columns back as strings, PGlite as numbers: one shape for callers.
  return {
    id: Number(row.id),
    transferId: Number(row.transfer_id),
    userId: row.user_id,
    account: row.account,
    amount: Number(row.amount),
    reason: row.reason,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

const accountName = (a: Account) => ('userId' in a ? 'earner' : a.platform);
const accountUser = (a: Account) => ('userId' in a ? a.userId : null);
const sameAccount = (entry: LedgerEntry, a: Account) => entry.account === accountName(a) && entry.userId === accountUser(a);

function rowsOf(result: unknown): EntryRow[] {
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  return (result as { rows: EntryRow[] }).rows;
}

/**
 * One statement: the transfer, its two legs, and the earners' balances, all only when the key is
 * new. A debited earner's balance moves only if it stays at or above `floor`; the WHERE is
 * re-checked after any concurrent debit of the same earner commits (row lock), so two debits can
 * never both pass on the same points. `debited` tells whether that update happened.
 */
async function insertTransfer(tx: Tx, input: TransferInput, floor: number): Promise<EntryRow[]> {
  const fromUser = accountUser(input.from);
  const toUser = accountUser(input.to);
  const debit =
    fromUser === null
      ? sql`select 1 as moved from t`
      : sql`update ${balances} set balance = balance - ${input.amount}, earned = earned - case when ledger_earning(${input.reason}) then ${input.amount}::bigint else 0 end, updated_at = now()
            where user_id = ${fromUser} and balance - ${input.amount} >= ${floor} and exists (select 1 from t) returning 1 as moved`;
  const credit =
    toUser === null
      ? sql`select 1 from t`
      : sql`insert into ${balances} (user_id, balance, earned, updated_at)
            select ${toUser}, ${input.amount}, case when ledger_earning(${input.reason}) then ${input.amount}::bigint else 0 end, now() from t
            on conflict (user_id) do update set balance = ${balances.balance} + excluded.balance, earned = ${balances.earned} + excluded.earned, updated_at = now() returning 1`;
  const result = await tx.execute(sql`
    with t as (
      insert into ${ledgerTransfers} (idempotency_key, reason, amount, reverses)
      values (${input.idempotencyKey}, ${input.reason}, ${input.amount}, ${input.reverses ?? null})
      on conflict (idempotency_key) do nothing
      returning id, created_at
    ),
    d as (${debit}),
    c as (${credit}),
    e as (
      insert into ${ledgerEntries} (transfer_id, account, user_id, amount, reason, created_at)
      select t.id, v.account, v.user_id, v.amount, ${input.reason}, t.created_at
      from t cross join (values (${accountName(input.from)}::text, ${fromUser}::integer, ${-input.amount}::bigint, 0),
                                (${accountName(input.to)}::text, ${toUser}::integer, ${input.amount}::bigint, 1)) as v(account, user_id, amount, leg)
      order by v.leg
      returning *
    )
    select e.*, (select count(*) from d) as debited, (select count(*) from c) as credited from e order by e.id`);
  return rowsOf(result);
}

/**
 * Credits several earners from one platform account in one statement, one transfer each (keys
 * already posted move nothing). `source` is the caller's query of `(user_id, amount,
 * idempotency_key)`; it may be a data-modifying statement on the caller's own table (team rebates
 * inserted or released), which then commits with the credits. The movement itself is
 * `ledger_credit_many` (migration 0019), the same one a task reward's payment uses: balances taken
 * in descending user id, i.e. nearest upline first, the order every payment locks them in, so two
 * payments in one team never wait on each other in a circle. Returns the number of transfers made.
 */
export async function creditMany(tx: Tx, from: PlatformAccount, reason: LedgerReason, source: SQL): Promise<number> {
  const result = await tx.execute(sql`
    with src as (${source})
    select ledger_credit_many(${from}::text, ${reason}::text, array_agg(src.user_id::int), array_agg(src.amount::bigint), array_agg(src.idempotency_key::text)) as created
    from src`);
  const [row] = (result as unknown as { rows: { created: number | string | null }[] }).rows;
  return Number(row?.created ?? 0);
}

/**
 * Moves points inside the caller's transaction, so the movement commits with the business change.
 * `floor` (debits of an earner only): points that must stay in the balance, such as the locked
 * welcome bonus; the debit is refused with "insufficient balance" when it would go below.
 */
export async function transfer(tx: Tx, input: TransferInput, floor = 0): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`Ledger amount must be a positive integer, got ${input.amount}`);
  if (accountName(input.from) === accountName(input.to) && accountUser(input.from) === accountUser(input.to)) throw new Error('A transfer needs two accounts');
  const rows = await insertTransfer(tx, input, floor);
  if (rows.length === 2) {
    if (Number(rows[0]?.debited ?? 0) === 0) throw errors.insufficientBalance();
    const [debit, credit] = rows.map(normalise) as [LedgerEntry, LedgerEntry];
    return { transferId: debit.transferId, debit, credit, created: true };
  }
  // A separate statement: it sees the conflicting transfer, committed by now, which the statement
  // that met the conflict could not.
  const [existing] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error('Ledger transfer vanished after an idempotency conflict');
  const legs = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, Number(existing.id))).orderBy(ledgerEntries.amount);
  const [debit, credit] = legs.map((l) =>
    normalise({ id: l.id, transfer_id: l.transferId, user_id: l.userId, account: l.account, amount: l.amount, reason: l.reason, created_at: l.createdAt }),
  );
  // A reused key with another meaning is a bug in the caller, not a retry.
  if (!debit || !credit || credit.amount !== input.amount || debit.reason !== input.reason || !sameAccount(debit, input.from) || !sameAccount(credit, input.to)) {
    throw new AppError(ErrorCode.conflict, 'errors.conflict');
  }
  return { transferId: debit.transferId, debit, credit, created: false };
}

/** What phase two of a withdrawal decided, with the order as the ledger's function answers it (`to_jsonb`). */
export interface WithdrawalDecision {
  outcome: 'applied' | 'repeated' | 'refused' | 'unknown_order';
  orderJson: string | null;
}

/**
 * Phase two of a withdrawal, in one statement (`ledger_decide_withdrawal`, migration 0031): locks
 * the order and, if it is in one of `fromStates`, pays it (its points to `paid_out`, its fee to
 * `fees`) or fails it (everything it held back to the earner, in one transfer). An order already in
 * the state asked for is `repeated`; one in another state is `refused`; neither moves anything.
 */
export async function decideWithdrawal(
  tx: Tx,
  input: { orderId: number; paid: boolean; reason: string | null; decidedBy: number | null; now: Date; fromStates: readonly string[] },
): Promise<WithdrawalDecision> {
  const result = await tx.execute(sql`
    select outcome, detail from ledger_decide_withdrawal(${input.orderId}::int, ${input.paid}::boolean, ${input.reason}::text, ${input.decidedBy}::int,
      ${input.now.toISOString()}::timestamptz, ${sql.param([...input.fromStates])}::text[])`);
  const [row] = (result as unknown as { rows: { outcome: WithdrawalDecision['outcome']; detail: string | null }[] }).rows;
  if (!row) throw new Error('ledger_decide_withdrawal answered nothing');
  return { outcome: row.outcome, orderJson: row.detail };
}

export interface PostInput {
  userId: number;
  /** Hundredths of a point; positive credits the earner from rewards, negative returns points to rewards. */
  amount: number;
  reason: LedgerReason;
  idempotencyKey: string;
  reverses?: number | null;
}

export interface PostResult {
  /** The earner's leg. */
  entry: LedgerEntry;
  created: boolean;
}

/** A movement between an earner and the rewards account: every reward, bonus and prize. */
export async function post(tx: Tx, input: PostInput): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Error(`Ledger amount must be a non-zero integer, got ${input.amount}`);
  const earner: Account = { userId: input.userId };
  const credit = input.amount > 0;
  const result = await transfer(tx, {
    from: credit ? REWARDS : earner,
    to: credit ? earner : REWARDS,
    amount: Math.abs(input.amount),
    reason: input.reason,
    idempotencyKey: input.idempotencyKey,
    reverses: input.reverses ?? null,
  });
  return { entry: credit ? result.credit : result.debit, created: result.created };
}

/** Fixes a mistake by moving the same amount back; the original transfer is never edited. */
export async function reverse(tx: Tx, entryId: number, idempotencyKey = `reverse:${entryId}`): Promise<TransferResult> {
  const [leg] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId));
  if (!leg) throw errors.notFound();
  const [original] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, Number(leg.transferId)));
  if (!original) throw errors.notFound();
  if (original.reverses !== null) throw errors.conflict();
  const legs = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, Number(original.id)));
  const accountOf = (l: (typeof legs)[number]): Account => (l.userId !== null ? { userId: l.userId } : { platform: l.account as PlatformAccount });
  const from = legs.find((l) => Number(l.amount) < 0);
  const to = legs.find((l) => Number(l.amount) > 0);
  if (!from || !to) throw new Error(`Ledger transfer ${original.id} has no two legs`);
  return transfer(tx, { from: accountOf(to), to: accountOf(from), amount: Number(original.amount), reason: LedgerReason.reversal, idempotencyKey, reverses: Number(original.id) });
}

/** Credits the platform issued to an earner, which an operator may reverse when they were a mistake. */
export const REVERSIBLE_REASONS: readonly LedgerReason[] = [LedgerReason.welcomeBonus, LedgerReason.taskReward, LedgerReason.rebate, LedgerReason.prize, LedgerReason.redeemCode];

export interface Correction {
  /** The earner's leg that was reversed. */
  entry: LedgerEntry;
  /** The reversal's leg taken from the earner (negative). */
  reversal: LedgerEntry;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * An operator's correction of a mistaken credit: the earner's credit `entryId` goes back to the
 * rewards account as a reversal transfer pointing at it. The earner's balance row is locked first,
 * so two operators correcting at once queue, and the second finds the reversal already made. Only
 * credits the platform issued (REVERSIBLE_REASONS) are corrected this way; a withdrawal has its own
 * fail path. A credit is reversed once (a unique index on `reverses` is the last guard). When the
 * balance no longer holds the points (they were withdrawn, or are on their way out) the correction
 * is refused and nothing moves: a balance never goes below zero to make up for it.
 */
export async function correctCredit(tx: Tx, userId: number, entryId: number): Promise<Correction> {
  const [locked] = rowsOf(await tx.execute(sql`select balance as amount from ${balances} where user_id = ${userId} for update`));
  const [leg] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.account, 'earner'), eq(ledgerEntries.userId, userId)));
  // Another earner's entry is answered as unknown: the id alone says nothing about whose it is.
  if (!leg) throw errors.notFound();
  const entry = normalise({ id: leg.id, transfer_id: leg.transferId, user_id: leg.userId, account: leg.account, amount: leg.amount, reason: leg.reason, created_at: leg.createdAt });
  if (entry.amount <= 0 || !REVERSIBLE_REASONS.includes(entry.reason as LedgerReason)) throw new AppError(ErrorCode.conflict, 'admin.notReversible');
  const [done] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.reverses, entry.transferId));
  if (done) throw new AppError(ErrorCode.conflict, 'admin.alreadyReversed');
  const balanceBefore = Number(locked?.amount ?? 0);
  if (balanceBefore < entry.amount) {
    throw new AppError(ErrorCode.insufficientBalance, 'admin.reversalNotCovered', { points: { points: entry.amount }, balance: { points: balanceBefore } });
  }
  const result = await reverse(tx, entryId, `reversal:${entry.transferId}`);
  return { entry, reversal: result.debit, balanceBefore, balanceAfter: balanceBefore - entry.amount };
}

/** Runs `post` in its own transaction; for callers with nothing else to commit alongside. */
/** What one of an earner's entries moved, for a repeated call that answers what the first one credited. */
export async function entryAmount(db: Executor, userId: number, entryId: number): Promise<number | null> {
  const [leg] = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.userId, userId)));
  return leg ? Number(leg.amount) : null;
}

export function postAlone(db: Db, input: PostInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  return (await holdingsOf(db, userId)).balance;
}

/**
 * The earner's balance row in one read: the balance, and `earned`, the running sum of their earning
 * entries (`ledger_earning`, migration 0023) kept with it, so a total never reads their history.
 */
export async function holdingsOf(db: Executor, userId: number): Promise<{ balance: number; earned: number }> {
  const [row] = await db.select({ balance: balances.balance, earned: balances.earned }).from(balances).where(eq(balances.userId, userId));
  return { balance: Number(row?.balance ?? 0), earned: Number(row?.earned ?? 0) };
}

/** The sum of an earner's entries: what the balance must always equal. */
export async function entriesSum(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.total ?? 0);
}

export interface RecentEarnings {
  today: number;
  week: number;
  /** The last `DAILY_DAYS` UTC days, oldest first, every day present. */
  daily: { date: string; amount: number }[];
}

export const DAILY_DAYS = 14;

const utcDay = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/**
 * Earnings per day for the last two weeks, today and this week (from Monday, UTC) being its last
 * days, from the days that had any (`assetsQuery` reads two weeks of entries, whatever the earner's
 * history; the total is `earned`). What counts as earned is `ledger_earning` (migration 0023): task
 * rewards (redemption codes are tasks too), referral rebates and prizes; not the welcome bonus, and
 * not the refunds or reversals that only undo another movement.
 */
function recentFrom(days: [date: string, amount: string][]): RecentEarnings {
  const byDate = new Map(days.map(([date, amount]) => [date, Number(amount)]));
  const daily: RecentEarnings['daily'] = [];
  const now = new Date();
  for (let back = DAILY_DAYS - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back)).toISOString().slice(0, 10);
    daily.push({ date, amount: byDate.get(date) ?? 0 });
  }
  // Monday of this UTC week: getUTCDay() is 0 on Sunday, which belongs to the week that began six days before.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const week = daily.slice(DAILY_DAYS - 1 - sinceMonday).reduce((sum, d) => sum + d.amount, 0);
  return { today: daily[DAILY_DAYS - 1]?.amount ?? 0, week, daily };
}

export interface Assets {
  balance: number;
  earned: number;
  recent: RecentEarnings;
  locked: Locked;
}

/**
 * What Home's assets answer needs of the ledger as one JSON value: the balance row (`holdingsOf`),
 * the earnings of the last two weeks by UTC day (`recentFrom`) and the points locked (`Locked`).
 * A scalar subquery, so that Home reads it beside another module's read (the pending rewards) in
 * one statement, because on PGlite each statement costs the server's thread (bench/README.md,
 * 2026-12-06). `assetsFrom` reads the value.
 */
export function assetsQuery(userId: number): SQL<unknown> {
  return sql`(
    select json_build_object(
      'balance', coalesce(b.balance, 0)::text,
      'earned', coalesce(b.earned, 0)::text,
      'locked', ledger_locked_points(${userId}::int)::text,
      'days', coalesce((
        select json_agg(json_build_array(d.date, d.amount)) from (
          select to_char(e.created_at at time zone 'utc', 'YYYY-MM-DD') as date, sum(e.amount)::text as amount
          from ${ledgerEntries} e
          where e.user_id = ${userId}::int and ledger_earning(e.reason)
            and e.created_at >= ${utcDay} - interval '${sql.raw(String(DAILY_DAYS - 1))} days'
          group by 1
        ) d
      ), '[]'::json))
    from (select 1) as one left join ${balances} b on b.user_id = ${userId}::int)`;
}

/** The value of `assetsQuery`, read. */
export function assetsFrom(value: unknown): Assets {
  const row = value as { balance: string; earned: string; locked: string; days: [string, string][] } | null;
  const locked = Number(row?.locked ?? 0);
  return {
    balance: Number(row?.balance ?? 0),
    earned: Number(row?.earned ?? 0),
    recent: recentFrom(row?.days ?? []),
    locked: { amount: locked, reason: locked > 0 ? 'welcomeBonusUntilFirstTask' : null },
  };
}

/** The earnings page's kinds, as ledger reasons. */
export const KIND_REASONS: Record<EarningKind, readonly LedgerReason[]> = {
  task_reward: [LedgerReason.taskReward, LedgerReason.redeemCode],
  team_bonus: [LedgerReason.rebate],
  prize: [LedgerReason.prize],
  welcome_bonus: [LedgerReason.welcomeBonus],
  withdrawal: [LedgerReason.withdrawal],
  refund: [LedgerReason.withdrawalRefund, LedgerReason.reversal],
};

/** One page of an earner's own entries, newest first. */
export async function entriesOf(db: Executor, userId: number, kind: EarningKind | undefined, page: number, pageSize: number) {
  const where = kind ? and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.reason, [...KIND_REASONS[kind]])) : eq(ledgerEntries.userId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: ledgerEntries.id, amount: ledgerEntries.amount, reason: ledgerEntries.reason, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(where)
      .orderBy(sql`${ledgerEntries.createdAt} desc, ${ledgerEntries.id} desc`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<string>`count(*)::text` }).from(ledgerEntries).where(where),
  ]);
  return {
    items: rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount), reason: r.reason, createdAt: r.createdAt.toISOString() })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}

/** What the whole ledger must always satisfy; each figure is zero when it does. */
export interface LedgerCheck {
  /** Earners whose balance row differs from the sum of their legs, or its earned total from the sum of their earning legs. */
  unbalancedEarners: number;
  /** The sum of every leg of every account. */
  sumOfAllAccounts: number;
  /** Transfers whose two legs do not cancel out, or that have other than two legs. */
  unbalancedTransfers: number;
  negativeBalances: number;
  /** Per platform account, its balance (rewards is minus every point ever issued). */
  platform: Record<string, number>;
}

export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  const one = async (query: ReturnType<typeof sql>) => Number(rowsOf(await db.execute(query))[0]?.['n' as keyof EntryRow] ?? 0);
  const [unbalancedEarners, sumOfAllAccounts, unbalancedTransfers, negativeBalances, platformRows] = await Promise.all([
    one(sql`select count(*) as n from (
      select coalesce(b.user_id, e.user_id) as user_id from ${balances} b
      full join (select user_id, sum(amount) as total, coalesce(sum(amount) filter (where ledger_earning(reason)), 0) as earned
                 from ${ledgerEntries} where user_id is not null group by user_id) e on e.user_id = b.user_id
      where coalesce(b.balance, 0) <> coalesce(e.total, 0) or coalesce(b.earned, 0) <> coalesce(e.earned, 0)) x`),
    one(sql`select coalesce(sum(amount), 0) as n from ${ledgerEntries}`),
    one(sql`select count(*) as n from (select t.id from ${ledgerTransfers} t left join ${ledgerEntries} e on e.transfer_id = t.id
      group by t.id having count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0) x`),
    one(sql`select count(*) as n from ${balances} where balance < 0`),
    db
      .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(isNull(ledgerEntries.userId))
      .groupBy(ledgerEntries.account),
  ]);
  return { unbalancedEarners, sumOfAllAccounts, unbalancedTransfers, negativeBalances, platform: Object.fromEntries(platformRows.map((r) => [r.account, Number(r.total)])) };
}

/**
 * Points in the balance that cannot be withdrawn yet (DESIGN §5): the welcome bonus, until the
 * earner's first approved task has paid a reward, less any bonus an operator reversed. The rule is
 * `ledger_locked_points` (migrations 0022, 0024 and 0025), the one the withdrawal request itself
 * applies; `assetsQuery` reads it.
 */
export interface Locked {
  amount: number;
  reason: 'welcomeBonusUntilFirstTask' | null;
}
