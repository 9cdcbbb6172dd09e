import { ErrorCode, type PayWithdrawBody, type WithdrawOrder } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Batcher } from '../../db/batcher';
import type { Db } from '../../db/database';
import { withdrawOrders } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { orderFromJson, toWithdrawOrder } from './orders.view';
import { DISPATCH_QUEUE, type PayoutQueue } from './payout-queue';
import { amountProblem, type CurrencyRules, quoteOf, type WithdrawRulesCache } from './withdraw-rules.cache';

export interface WithdrawDeps {
  db: Db;
  queue: PayoutQueue;
  coolingOffHours: number;
  rules: WithdrawRulesCache;
  /** Request statements that may be in flight at once: 2 on PostgreSQL; 1 on PGlite, whose one connection runs them in turn. */
  lines: number;
}


type RequestOutcome =
  | 'created'
  | 'repeat'
  | 'key_reused'
  | 'stale'
  | 'frozen'
  | 'below_minimum'
  | 'not_offered'
  | 'not_found'
  | 'institution_unavailable'
  | 'cooling_off'
  | 'daily_count'
  | 'daily_amount'
  | 'not_withdrawable';

export interface RequestInput {
  userId: number;
  idempotencyKey: string;
  amount: number;
  recipientId: number;
  now: Date;
  rules: CurrencyRules;
}

export interface RequestAnswer {
  outcome: RequestOutcome;
  detail: string | null;
}

/** The arguments of `wallet_request_withdrawal` for one request, in its order after the earner. */
function argumentsOf(input: RequestInput) {
  const { rules } = input;
  const quote = quoteOf(input.amount, rules);
  return {
    userId: input.userId,
    key: input.idempotencyKey,
    amount: input.amount,
    recipientId: input.recipientId,
    now: input.now.toISOString(),
    currency: rules.currency,
    settings: JSON.stringify(rules.settingsRow),
    currencyRow: JSON.stringify(rules.currencyRow),
    amountProblem: amountProblem(input.amount, rules),
    points: quote.points,
    fee: quote.fee,
  };
}

/** The conditional debit is the last guard, as in every transfer: the lock before it makes it unreachable. */
function refusalOf(error: unknown): never {
  const text = `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`;
  if (text.includes('insufficient balance for withdrawal')) throw errors.insufficientBalance();
  throw error;
}

/**
 * One call of `wallet_request_withdrawal` (migration 0018), a statement that commits on its own:
 * the freeze check, the ledger's `ledger_request_withdrawal` (the balance lock, the checks, the
 * hold to payouts in flight and the order) and the dispatch job's outbox row. A refusal is an
 * outcome with its detail, not an error, and then nothing was written.
 */
async function requestOne(db: Db, input: RequestInput): Promise<RequestAnswer> {
  const a = argumentsOf(input);
  const result = await db
    .execute(sql`
    select outcome, detail from wallet_request_withdrawal(${a.userId}::int, ${a.key}::text, ${a.amount}::bigint, ${a.recipientId}::int,
      ${a.now}::timestamptz, ${a.currency}::text, ${a.settings}::jsonb, ${a.currencyRow}::jsonb, ${a.amountProblem}::text, ${a.points}::bigint,
      ${a.fee}::bigint, ${DISPATCH_QUEUE}::text)`)
    .catch(refusalOf);
  const [row] = (result as unknown as { rows: RequestAnswer[] }).rows;
  if (!row) throw new Error('wallet_request_withdrawal answered nothing');
  return row;
}

/**
 * Several requests in one statement, `wallet_request_withdrawals` (migrations 0021, 0043): each item
 * answered as `requestOne` would answer it, the holds of different earners written together.
 */
export async function requestMany(db: Db, inputs: readonly RequestInput[]): Promise<RequestAnswer[]> {
  const all = inputs.map(argumentsOf);
  const column = <K extends keyof ReturnType<typeof argumentsOf>>(k: K) => sql.param(all.map((a) => a[k]));
  const result = await db.execute(sql`
    select ordinal, outcome, detail from wallet_request_withdrawals(${column('userId')}::int[], ${column('key')}::text[], ${column('amount')}::bigint[],
      ${column('recipientId')}::int[], ${column('now')}::timestamptz[], ${column('currency')}::text[], ${column('settings')}::jsonb[],
      ${column('currencyRow')}::jsonb[], ${column('amountProblem')}::text[], ${column('points')}::bigint[], ${column('fee')}::bigint[], ${DISPATCH_QUEUE}::text)`);
  const answers: RequestAnswer[] = [];
  for (const row of (result as unknown as { rows: (RequestAnswer & { ordinal: number })[] }).rows) {
    answers[Number(row.ordinal) - 1] = { outcome: row.outcome, detail: row.detail };
  }
  if (answers.length !== inputs.length || answers.includes(undefined as never)) throw new Error('wallet_request_withdrawals answered another number of items');
  return answers;
}

/**
 * Requests that arrive while a statement is in flight go out together (group commit): one
 * statement, one transaction and one commit for all of them. 32 keeps a batch's balance locks short.
 * A second statement goes out beside the first only once half a batch waits: then callers come
 * faster than one line answers, and the second fills the time the first waits for its commit's
 * flush. Sooner, it would only halve the batches (bench/README.md, 2026-12-07: 1.10–1.23× the
 * requests a second from 40 clients, the same from 10; at 8 waiting, 1.04× at 1.13× the CPU).
 */
const REQUEST_BATCH = 32;
const requestBatchers = new WeakMap<Db, Batcher<RequestInput, RequestAnswer>>();

function request(db: Db, lines: number, input: RequestInput): Promise<RequestAnswer> {
  let batcher = requestBatchers.get(db);
  if (!batcher) {
    batcher = new Batcher({
      many: (inputs) => requestMany(db, inputs),
      one: (one) => requestOne(db, one),
      maxBatch: REQUEST_BATCH,
      maxInFlight: lines,
      minWaitingForAnother: REQUEST_BATCH / 2,
    });
    requestBatchers.set(db, batcher);
  }
  return batcher.call(input);
}

/**
 * Phase one of a withdrawal, in one statement (see `requestOne`; under load, in a batch of them,
 * `requestMany`): the points, fee included, move from the earner to "payouts in flight", the order
 * is created, and (unless it waits for an operator) its dispatch job is written beside it, then
 * relayed to the queue. The ledger's function locks the earner's balance row first, so one
 * earner's requests queue up and the daily limits hold under concurrency. The same idempotency key returns the same order. The
 * currency comes with the session and the rules from this process's cache; the function refuses a
 * stale copy, and the request is then computed again from the tables.
 */
export async function requestWithdrawal(deps: WithdrawDeps, earner: { userId: number; currency: string }, body: PayWithdrawBody, now: Date): Promise<WithdrawOrder> {
  const { db, queue, rules: cache, lines } = deps;
  const { userId } = earner;
  let answer: RequestAnswer | undefined;
  let rules: CurrencyRules | undefined;
  for (const fresh of [false, true]) {
    const currency = fresh ? await cache.currencyOf(db, userId, true) : earner.currency;
    rules = await cache.of(db, currency, fresh);
    answer = await request(db, lines, { userId, idempotencyKey: body.idempotencyKey, amount: body.amount, recipientId: body.recipientId, now, rules });
    if (answer.outcome !== 'stale') break;
  }
  if (!answer || !rules) throw new Error('The withdrawal was not decided');
  switch (answer.outcome) {
    case 'repeat':
      // A retry of the same tap: the same order, whatever it asked for.
      return toWithdrawOrder(orderFromJson(answer.detail ?? ''));
    case 'key_reused':
      throw new AppError(ErrorCode.conflict, 'errors.idempotencyReused');
    case 'stale':
      // Changed twice while this request ran: ask the earner to try again.
      throw errors.conflict();
    case 'frozen':
      throw new AppError(ErrorCode.forbidden, 'admin.frozen', { reason: answer.detail ?? '' });
    case 'below_minimum':
      throw errors.belowMinimum({ money: rules.minAmount, currency: rules.currency, fractionDigits: rules.fractionDigits });
    case 'not_offered':
      throw errors.amountNotOffered();
    case 'not_found':
      throw errors.notFound();
    case 'institution_unavailable':
      throw errors.institutionUnavailable(answer.detail ?? 'bank');
    case 'cooling_off':
      throw errors.coolingOff(answer.detail ?? '');
    case 'daily_count':
      throw errors.dailyCountReached(Number(rules.settingsRow.daily_count));
    case 'daily_amount':
      throw errors.dailyAmountReached({ money: Number(rules.settingsRow.daily_amount), currency: rules.currency, fractionDigits: rules.fractionDigits });
    case 'not_withdrawable':
      throw errors.notWithdrawable({ points: Number(answer.detail) });
    case 'created':
      break;
  }
  const order = orderFromJson(answer.detail ?? '');
  if (order.state === 'queued') queue.relaySoon();
  return toWithdrawOrder(order);
}

/** One page of the earner's own orders, newest first. */
export async function ordersOf(db: Db, userId: number, status: 'in_progress' | 'success' | 'failed' | undefined, page: number, pageSize: number) {
  const states =
    status === 'success' ? sql`('success')` : status === 'failed' ? sql`('failed')` : status ? sql`('awaiting_approval', 'queued', 'dispatched', 'dispatch_failed')` : null;
  const where = states ? and(eq(withdrawOrders.userId, userId), sql`${withdrawOrders.state} in ${states}`) : eq(withdrawOrders.userId, userId);
  const [rows, [count]] = await Promise.all([
    db.select().from(withdrawOrders).where(where).orderBy(sql`${withdrawOrders.requestedAt} desc, ${withdrawOrders.id} desc`).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: sql<string>`count(*)::text` }).from(withdrawOrders).where(where),
  ]);
  return { items: rows.map(toWithdrawOrder), total: Number(count?.n ?? 0), page, pageSize };
}
