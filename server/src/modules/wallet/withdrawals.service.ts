import { ErrorCode, type PayWithdrawBody, type WithdrawOrder } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { withdrawOrders } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { type OrderRow, toWithdrawOrder } from './orders.view';
import { DISPATCH_QUEUE, type PayoutQueue } from './payout-queue';
import { amountProblem, type CurrencyRules, quoteOf, type WithdrawRulesCache } from './withdraw-rules.cache';

export interface WithdrawDeps {
  db: Db;
  queue: PayoutQueue;
  coolingOffHours: number;
  rules: WithdrawRulesCache;
}

function money(amountMinor: number, currency: string, fractionDigits: number): string {
  return `${currency} ${(amountMinor / 10 ** fractionDigits).toFixed(fractionDigits)}`;
}

const points = (hundredths: number) => (hundredths / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** An order row as the withdrawal function hands it back (`to_jsonb`, snake_case, times as text). */
function orderFromJson(text: string): OrderRow {
  const o = JSON.parse(text) as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    id: Number(o.id),
    userId: Number(o.user_id),
    idempotencyKey: String(o.idempotency_key),
    state: o.state as OrderRow['state'],
    amount: Number(o.amount),
    currency: String(o.currency),
    fractionDigits: Number(o.fraction_digits),
    method: o.method as OrderRow['method'],
    institutionId: Number(o.institution_id),
    institutionName: String(o.institution_name),
    accountName: String(o.account_name),
    account: String(o.account),
    ifsc: (o.ifsc as string | null) ?? null,
    points: Number(o.points),
    fee: Number(o.fee),
    total: Number(o.total),
    holdTransferId: Number(o.hold_transfer_id),
    attempts: Number(o.attempts),
    lastError: (o.last_error as string | null) ?? null,
    failureReason: (o.failure_reason as string | null) ?? null,
    decidedBy: o.decided_by === null || o.decided_by === undefined ? null : Number(o.decided_by),
    requestedAt: date(o.requested_at) as Date,
    dispatchedAt: date(o.dispatched_at),
    decidedAt: date(o.decided_at),
  } as OrderRow;
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
  | 'cooling_off'
  | 'daily_count'
  | 'daily_amount'
  | 'not_withdrawable';

interface RequestInput {
  userId: number;
  idempotencyKey: string;
  amount: number;
  recipientId: number;
  now: Date;
  rules: CurrencyRules;
}

/**
 * One call of `wallet_request_withdrawal` (migration 0018), a statement that commits on its own:
 * the freeze check, the ledger's `ledger_request_withdrawal` (the balance lock, the checks, the
 * hold to payouts in flight and the order) and the dispatch job's outbox row. A refusal is an
 * outcome with its detail, not an error, and then nothing was written.
 */
async function requestInOneStatement(db: Db, input: RequestInput): Promise<{ outcome: RequestOutcome; detail: string | null }> {
  const { rules } = input;
  const quote = quoteOf(input.amount, rules);
  const result = await db
    .execute(sql`
    select outcome, detail from wallet_request_withdrawal(${input.userId}::int, ${input.idempotencyKey}::text, ${input.amount}::bigint,
      ${input.recipientId}::int, ${input.now.toISOString()}::timestamptz, ${rules.currency}::text, ${JSON.stringify(rules.settingsRow)}::jsonb,
      ${JSON.stringify(rules.currencyRow)}::jsonb, ${amountProblem(input.amount, rules)}::text, ${quote.points}::bigint, ${quote.fee}::bigint,
      ${DISPATCH_QUEUE}::text)`)
    .catch((error: unknown) => {
      // The conditional debit is the last guard, as in every transfer: the lock before it makes it unreachable.
      const text = `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`;
      if (text.includes('insufficient balance for withdrawal')) throw errors.insufficientBalance();
      throw error;
    });
  const [row] = (result as unknown as { rows: { outcome: RequestOutcome; detail: string | null }[] }).rows;
  if (!row) throw new Error('wallet_request_withdrawal answered nothing');
  return row;
}

/**
 * Phase one of a withdrawal, in one statement (see `requestInOneStatement`): the points, fee
 * included, move from the earner to "payouts in flight", the order is created, and (unless it
 * waits for an operator) its dispatch job is written beside it, then relayed to the queue. The
 * ledger's function locks the earner's balance row first, so one earner's requests queue up and
 * the daily limits hold under concurrency. The same idempotency key returns the same order. The
 * currency comes with the session and the rules from this process's cache; the function refuses a
 * stale copy, and the request is then computed again from the tables.
 */
export async function requestWithdrawal(deps: WithdrawDeps, earner: { userId: number; currency: string }, body: PayWithdrawBody, now: Date): Promise<WithdrawOrder> {
  const { db, queue, rules: cache } = deps;
  const { userId } = earner;
  let answer: Awaited<ReturnType<typeof requestInOneStatement>> | undefined;
  let rules: CurrencyRules | undefined;
  for (const fresh of [false, true]) {
    const currency = fresh ? await cache.currencyOf(db, userId, true) : earner.currency;
    rules = await cache.of(db, currency, fresh);
    answer = await requestInOneStatement(db, { userId, idempotencyKey: body.idempotencyKey, amount: body.amount, recipientId: body.recipientId, now, rules });
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
      throw errors.belowMinimum(money(rules.minAmount, rules.currency, rules.fractionDigits));
    case 'not_offered':
      throw errors.amountNotOffered();
    case 'not_found':
      throw errors.notFound();
    case 'cooling_off':
      throw errors.coolingOff(answer.detail ?? '');
    case 'daily_count':
      throw errors.dailyCountReached(Number(rules.settingsRow.daily_count));
    case 'daily_amount':
      throw errors.dailyAmountReached(money(Number(rules.settingsRow.daily_amount), rules.currency, rules.fractionDigits));
    case 'not_withdrawable':
      throw errors.notWithdrawable(points(Number(answer.detail)));
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
