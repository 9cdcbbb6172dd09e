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
