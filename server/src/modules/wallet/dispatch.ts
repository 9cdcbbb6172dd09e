import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import type { Db } from '../../db/database';
import { withdrawOrders } from '../../db/schema';
import type { PayoutProvider } from './payout-provider';
import { DISPATCH_ATTEMPTS, type DispatchJob } from './payout-queue';

export interface DispatchLog {
  warn(data: object, message: string): void;
}

/**
 * Sends one order to the provider. The order is claimed first (queued → dispatched, in its own
 * statement), so an operator can no longer fail it while the provider may be paying it. A job run
 * again after a crash finds the order dispatched and submits it again: providers take the order id
 * as an idempotency reference, so it is paid once. A submit that keeps failing leaves the order in
 * `dispatch_failed` after the last attempt, for a payout operator to retry or fail.
 */
export async function dispatchOrder(db: Db, provider: PayoutProvider, job: Job<DispatchJob>, log: DispatchLog): Promise<void> {
  const [order] = await db
    .update(withdrawOrders)
    .set({ state: 'dispatched', attempts: sql`${withdrawOrders.attempts} + 1`, dispatchedAt: sql`coalesce(${withdrawOrders.dispatchedAt}, now())` })
    .where(and(eq(withdrawOrders.id, job.data.orderId), inArray(withdrawOrders.state, ['queued', 'dispatched'])))
    .returning();
  // Decided already, waiting for approval, or failed by an operator: nothing to send.
  if (!order) return;
  try {
    await provider.submit({
      reference: String(order.id),
      method: order.method,
      institution: order.institutionName,
      accountName: order.accountName,
      account: order.account,
      ifsc: order.ifsc,
      amount: Number(order.amount),
      currency: order.currency,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const last = job.retryCount >= DISPATCH_ATTEMPTS - 1;
    await db
      .update(withdrawOrders)
      .set({ lastError: message.slice(0, 500), ...(last ? { state: 'dispatch_failed' as const } : {}) })
      .where(and(eq(withdrawOrders.id, order.id), eq(withdrawOrders.state, 'dispatched')));
    log.warn({ orderId: order.id, attempt: job.retryCount + 1, err: message }, last ? 'payout dispatch gave up' : 'payout dispatch failed, will retry');
    if (!last) throw error;
  }
}
