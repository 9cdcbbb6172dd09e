import type { CurrencyCode, PayoutOrder, WithdrawOrder, WithdrawStatus } from '@grab/shared/contracts';
import type { withdrawOrders } from '../../db/schema';
import { maskAccount } from './recipients.service';

export type OrderRow = typeof withdrawOrders.$inferSelect;

/** The earner sees three states; where an order is on the way is the operators' business. */
export function statusOf(state: OrderRow['state']): WithdrawStatus {
  if (state === 'success') return 'success';
  if (state === 'failed') return 'failed';
  return 'in_progress';
}

/** An order row as the ledger's functions hand it back (`to_jsonb`, snake_case, times as text). */
export function orderFromJson(text: string): OrderRow {
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

export function toWithdrawOrder(row: OrderRow): WithdrawOrder {
  return {
    id: row.id,
    status: statusOf(row.state),
    amount: Number(row.amount),
    currency: row.currency as CurrencyCode,
    fractionDigits: row.fractionDigits,
    method: row.method,
    institutionName: row.institutionName,
    maskedAccount: maskAccount(row.method, row.account),
    points: Number(row.points),
    fee: Number(row.fee),
    total: Number(row.total),
    awaitingApproval: row.state === 'awaiting_approval',
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

export function toPayoutOrder(row: OrderRow, earnerPhone: string): PayoutOrder {
  return { ...toWithdrawOrder(row), state: row.state, earnerId: row.userId, earnerPhone, attempts: row.attempts, lastError: row.lastError };
}
