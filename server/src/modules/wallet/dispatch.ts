import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { withdrawOrders } from '../../db/schema';
import type { PayoutProvider } from './payout-provider';
import type { OrderRow } from './orders.view';
import { DISPATCH_ATTEMPTS, DISPATCH_QUEUE, type DispatchItem, type PayoutQueue } from './payout-queue';

export interface DispatchLog {
  warn(data: object, message: string): void;
}

/**
 * Sends the orders of one job to the provider. The orders are claimed first, together (queued →
 * dispatched, one statement), so an operator can no longer fail one while the provider may be
 * paying it. A job run again after a crash finds its orders dispatched and submits them again:
 * providers take the order id as an idempotency reference, so each is paid once. An order whose
 * submit fails is put back in the outbox for another attempt; after the last attempt it is left in
 * `dispatch_failed`, for a payout operator to retry or fail. The others of its job go on.
 */
export async function dispatchOrders(db: Db, provider: PayoutProvider, queue: PayoutQueue, items: readonly DispatchItem[], log: DispatchLog): Promise<void> {
  const attemptOf = new Map(items.map((item) => [item.orderId, item.attempt ?? 1]));
  const orders = await db
    .update(withdrawOrders)
    .set({ state: 'dispatched', attempts: sql`${withdrawOrders.attempts} + 1`, dispatchedAt: sql`coalesce(${withdrawOrders.dispatchedAt}, now())` })
    .where(and(inArray(withdrawOrders.id, [...attemptOf.keys()]), inArray(withdrawOrders.state, ['queued', 'dispatched'])))
    .returning();
  // An order not claimed was decided already, waits for approval, or was failed by an operator: nothing to send.
  if (orders.length === 0) return;
  const requests = orders.map(requestOf);
  const outcomes = provider.submitAll
    ? await provider.submitAll(requests).catch((error: unknown) => requests.map(() => ({ status: 'rejected' as const, reason: error })))
    : await Promise.allSettled(requests.map((request) => provider.submit(request)));
  const again: (DispatchItem & { attempt: number })[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') continue;
    const order = orders[i] as OrderRow;
    const attempt = attemptOf.get(order.id) ?? 1;
    const last = attempt >= DISPATCH_ATTEMPTS;
    const message = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    await db
      .update(withdrawOrders)
      .set({ lastError: message.slice(0, 500), ...(last ? { state: 'dispatch_failed' as const } : {}) })
      .where(and(eq(withdrawOrders.id, order.id), eq(withdrawOrders.state, 'dispatched')));
    log.warn({ orderId: order.id, attempt, err: message }, last ? 'payout dispatch gave up' : 'payout dispatch failed, will retry');
    if (!last) again.push({ orderId: order.id, attempt: attempt + 1 });
  }
  await queue.retryLater(DISPATCH_QUEUE, again);
}

function requestOf(order: OrderRow) {
  return {
    reference: String(order.id),
    method: order.method,
    institution: order.institutionName,
    accountName: order.accountName,
    account: order.account,
    ifsc: order.ifsc,
    amount: Number(order.amount),
    currency: order.currency,
  };
}
