import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { withdrawOrders } from '../../db/schema';
import { errors } from '../../http/app-error';
import { decideWithdrawal } from '../ledger/ledger.service';
import { type OrderRow, orderFromJson } from './orders.view';
import type { PayoutResult } from './payout-provider';

/** Orders an operator may fail: not yet at the provider, or given up on. A dispatched order is the provider's to decide. */
const OPERATOR_FAILABLE: readonly OrderRow['state'][] = ['awaiting_approval', 'queued', 'dispatch_failed'];

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(withdrawOrders).where(eq(withdrawOrders.id, orderId)).for('update');
  return row;
}

export type CallbackOutcome = 'applied' | 'repeated' | 'refused' | 'unknown_order';

/**
 * A verified provider callback, applied once, in one statement (`wallet_apply_payout_result`,
 * migration 0032). The delivery is recorded first under its event id, so a repeated delivery
 * changes nothing; the ledger's decision locks the order, so a success racing a failure ends in one
 * final state with at most one refund. A transition the order cannot make (success after failure,
 * anything before it was sent) is refused and recorded as such.
 */
export async function applyPayoutResult(db: Executor, provider: string, result: PayoutResult, now: Date): Promise<{ outcome: CallbackOutcome; order: OrderRow | null }> {
  const answer = await db.execute(sql`
    select outcome, detail from wallet_apply_payout_result(${provider}::text, ${result.eventId}::text, ${result.reference}::text, ${result.status}::text,
      ${result.reason ?? null}::text, ${now.toISOString()}::timestamptz)`);
  const [row] = (answer as unknown as { rows: { outcome: CallbackOutcome; detail: string | null }[] }).rows;
  if (!row) throw new Error('wallet_apply_payout_result answered nothing');
  return { outcome: row.outcome, order: row.detail === null ? null : orderFromJson(row.detail) };
}

/** An operator fails an order that has not reached the provider (or whose dispatch gave up): its points come back. */
export async function failOrder(tx: Tx, orderId: number, reason: string, operatorId: number, now: Date): Promise<OrderRow> {
  const decision = await decideWithdrawal(tx, { orderId, paid: false, reason, decidedBy: operatorId, now, fromStates: OPERATOR_FAILABLE });
  if (decision.outcome === 'unknown_order' || decision.orderJson === null) throw errors.notFound();
  // Failed already, or dispatched (a provider may be paying it): only its callback decides it.
  if (decision.outcome !== 'applied') throw errors.payoutState();
  return orderFromJson(decision.orderJson);
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
