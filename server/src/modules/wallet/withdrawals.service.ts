import { ErrorCode, type PayWithdrawBody, quoteWithdrawal, type WithdrawOrder } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { balances, withdrawOrders } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { LedgerReason, lockedOf, PAYOUTS_IN_FLIGHT, transfer } from '../ledger/ledger.service';
import { type OrderRow, toWithdrawOrder } from './orders.view';
import { DISPATCH_QUEUE, type PayoutQueue } from './payout-queue';
import { recipientOf } from './recipients.service';
import { earnerRules } from './withdraw-options.service';
import { countWithdrawal } from '../team/team-stats.repository';

export interface WithdrawDeps {
  db: Db;
  queue: PayoutQueue;
  coolingOffHours: number;
}

function money(amountMinor: number, currency: string, fractionDigits: number): string {
  return `${currency} ${(amountMinor / 10 ** fractionDigits).toFixed(fractionDigits)}`;
}

const points = (hundredths: number) => (hundredths / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

async function orderByKey(tx: Tx, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(withdrawOrders).where(and(eq(withdrawOrders.userId, userId), eq(withdrawOrders.idempotencyKey, key)));
  return row;
}

/**
 * Phase one of a withdrawal, in one transaction: the points, fee included, move from the earner to
 * "payouts in flight", the order is created, and (unless it waits for an operator) its dispatch
 * job is written beside it. The earner's balance row is locked first, so one earner's requests
 * queue up and the daily limits hold under concurrency; the ledger's conditional update is the
 * last guard against a negative balance. The same idempotency key returns the same order.
 */
export async function requestWithdrawal(deps: WithdrawDeps, userId: number, body: PayWithdrawBody, now: Date): Promise<WithdrawOrder> {
  const { db, queue } = deps;
  return db.transaction(async (tx) => {
    const [balanceRow] = await tx.select({ balance: balances.balance }).from(balances).where(eq(balances.userId, userId)).for('update');
    const repeated = await orderByKey(tx, userId, body.idempotencyKey);
    if (repeated) {
      // A retry of the same tap: the same order, whatever it asked for.
      if (Number(repeated.amount) !== body.amount) throw new AppError(ErrorCode.conflict, 'errors.idempotencyReused');
      return toWithdrawOrder(repeated);
    }
    const { options, approvalAbove } = await earnerRules(tx, userId, deps.coolingOffHours);
    if (!options.presets.includes(body.amount)) {
      if (body.amount < options.minAmount) throw errors.belowMinimum(money(options.minAmount, options.currency, options.fractionDigits));
      throw errors.amountNotOffered();
    }
    const recipient = await recipientOf(tx, userId);
    // Someone else's recipient id reads the same as one that does not exist.
    if (!recipient || recipient.id !== body.recipientId) throw errors.notFound();
    if (recipient.coolingOffUntil > now) throw errors.coolingOff(recipient.coolingOffUntil.toISOString().slice(0, 16).replace('T', ' '));
    if (options.usedTodayCount >= options.dailyCount) throw errors.dailyCountReached(options.dailyCount);
    if (options.usedTodayAmount + body.amount > options.dailyAmount) throw errors.dailyAmountReached(money(options.dailyAmount, options.currency, options.fractionDigits));

    const quote = quoteWithdrawal(body.amount, options);
    const locked = (await lockedOf(tx, userId)).amount;
    const balance = Number(balanceRow?.balance ?? 0);
    const withdrawable = Math.max(0, balance - locked);
    if (quote.total > withdrawable) throw errors.notWithdrawable(points(quote.total - withdrawable));
    const hold = await transfer(
      tx,
      { from: { userId }, to: PAYOUTS_IN_FLIGHT, amount: quote.total, reason: LedgerReason.withdrawal, idempotencyKey: `withdrawal:${userId}:${body.idempotencyKey}` },
      Math.min(locked, balance),
    );
    const [order] = await tx
      .insert(withdrawOrders)
      .values({
        userId,
        idempotencyKey: body.idempotencyKey,
        state: body.amount > approvalAbove ? 'awaiting_approval' : 'queued',
        amount: body.amount,
        currency: options.currency,
        fractionDigits: options.fractionDigits,
        method: recipient.method,
        institutionId: recipient.institutionId,
        institutionName: recipient.institutionName,
        accountName: recipient.name,
        account: recipient.account,
        ifsc: recipient.ifsc,
        points: quote.points,
        fee: quote.fee,
        total: quote.total,
        holdTransferId: hold.transferId,
        requestedAt: now,
      })
      .returning();
    if (!order) throw new Error('The withdrawal order was not created');
    if (order.state === 'queued') await queue.inTransaction(tx, DISPATCH_QUEUE, { orderId: order.id });
    await countWithdrawal(tx, userId, quote.total);
    return toWithdrawOrder(order);
  });
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
