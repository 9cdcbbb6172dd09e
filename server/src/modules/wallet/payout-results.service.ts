import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { payoutCallbacks, withdrawOrders } from '../../db/schema';
import { errors } from '../../http/app-error';
import { FEES, LedgerReason, PAID_OUT, PAYOUTS_IN_FLIGHT, transfer } from '../ledger/ledger.service';
import type { OrderRow } from './orders.view';
import type { PayoutResult } from './payout-provider';

/** Orders whose money may still be with the provider or on its way to it. */
const OPEN_STATES: ReadonlySet<OrderRow['state']> = new Set(['queued', 'dispatched', 'dispatch_failed']);

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(withdrawOrders).where(eq(withdrawOrders.id, orderId)).for('update');
  return row;
}

/** Phase two, paid: the points leave for the provider's side, the fee becomes revenue. */
async function settle(tx: Tx, order: OrderRow, now: Date): Promise<OrderRow> {
  await transfer(tx, { from: PAYOUTS_IN_FLIGHT, to: PAID_OUT, amount: Number(order.points), reason: LedgerReason.withdrawalPaid, idempotencyKey: `withdrawal-paid:${order.id}` });
  if (Number(order.fee) > 0) {
    await transfer(tx, { from: PAYOUTS_IN_FLIGHT, to: FEES, amount: Number(order.fee), reason: LedgerReason.withdrawalFee, idempotencyKey: `withdrawal-fee:${order.id}` });
  }
  const [row] = await tx.update(withdrawOrders).set({ state: 'success', decidedAt: now }).where(eq(withdrawOrders.id, order.id)).returning();
  return row ?? order;
}

/** Phase two, failed: every point held, fee included, goes back to the earner in one transfer. */
async function refund(tx: Tx, order: OrderRow, reason: string, now: Date, decidedBy: number | null): Promise<OrderRow> {
  await transfer(tx, {
    from: PAYOUTS_IN_FLIGHT,
    to: { userId: order.userId },
    amount: Number(order.total),
    reason: LedgerReason.withdrawalRefund,
    idempotencyKey: `withdrawal-refund:${order.id}`,
  });
  const [row] = await tx.update(withdrawOrders).set({ state: 'failed', failureReason: reason, decidedAt: now, decidedBy }).where(eq(withdrawOrders.id, order.id)).returning();
  return row ?? order;
}

export type CallbackOutcome = 'applied' | 'repeated' | 'refused' | 'unknown_order';

/**
 * A verified provider callback, applied once. The delivery is recorded first under its event id,
 * so a repeated delivery changes nothing; the order is locked, so a success racing a failure ends
 * in one final state with at most one refund. A transition the order cannot make (success after
 * failure, anything before it was sent) is refused and recorded as such.
 */
export async function applyPayoutResult(tx: Tx, provider: string, result: PayoutResult, now: Date): Promise<{ outcome: CallbackOutcome; order: OrderRow | null }> {
  const orderId = /^\d{1,9}$/.test(result.reference) ? Number(result.reference) : null;
  const [first] = await tx
    .insert(payoutCallbacks)
    .values({ provider, eventId: result.eventId, orderId: null, status: result.status, outcome: 'received' })
    .onConflictDoNothing()
    .returning();
  if (!first) return { outcome: 'repeated', order: null };
  const record = async (outcome: CallbackOutcome, order: OrderRow | null) => {
    await tx
      .update(payoutCallbacks)
      .set({ outcome, orderId: order?.id ?? null })
      .where(and(eq(payoutCallbacks.provider, provider), eq(payoutCallbacks.eventId, result.eventId)));
    return { outcome, order };
  };
  const order = orderId === null ? undefined : await lockOrder(tx, orderId);
  if (!order) return record('unknown_order', null);
  const final = result.status === 'paid' ? 'success' : 'failed';
  if (order.state === final) return record('repeated', order);
  if (!OPEN_STATES.has(order.state)) return record('refused', order);
  const decided = result.status === 'paid' ? await settle(tx, order, now) : await refund(tx, order, result.reason ?? 'payouts.accountRejected', now, null);
  return record('applied', decided);
}

/** An operator fails an order that has not reached the provider (or whose dispatch gave up): its points come back. */
export async function failOrder(tx: Tx, orderId: number, reason: string, operatorId: number, now: Date): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw errors.notFound();
  // A dispatched order may be paid by the provider at any moment: only its callback decides it.
  if (order.state !== 'awaiting_approval' && order.state !== 'queued' && order.state !== 'dispatch_failed') throw errors.payoutState();
  return refund(tx, order, reason, now, operatorId);
}

/** Approve (waiting for approval) or retry (dispatch gave up): the order goes back in line. */
export async function requeueOrder(tx: Tx, orderId: number, from: 'awaiting_approval' | 'dispatch_failed', operatorId: number): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw errors.notFound();
  if (order.state !== from) throw errors.payoutState();
  const [row] = await tx.update(withdrawOrders).set({ state: 'queued', decidedBy: operatorId, lastError: null }).where(eq(withdrawOrders.id, orderId)).returning();
  if (!row) throw errors.notFound();
  return row;
}
