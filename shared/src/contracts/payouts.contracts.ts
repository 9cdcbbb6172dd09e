import { z } from 'zod/mini';
import { toPlainText } from './plain-text';
import { endpoint } from './envelope';
import { WithdrawOrder } from './wallet.contracts';

/**
 * Payout operator calls (role `payout` or `admin`, never `reviewer`): the operator console will
 * use these. Orders above the configured amount wait here for approval; a dispatch the provider
 * refused can be sent again; any order not yet paid can be failed, which returns its points.
 */

/**
 * Reasons a payout operator picks from to fail an order. The order keeps the key, so each earner
 * reads it in their own language (`payouts.*` of the common texts); the English here is what the
 * console shows, the same words as those texts (a test holds them equal). Free text is kept as
 * written; a text that looks like a key but is none of these is refused, as the earner would read
 * it raw.
 */
export const PAYOUT_FAIL_PRESETS = {
  'payouts.accountRejected': 'The bank refused this account. Check the number and try again',
  'payouts.nameMismatch': 'The name on the account does not match. Correct the recipient name and try again',
  'payouts.accountClosed': 'This account is closed or cannot receive money. Add another recipient',
  'payouts.tryLater': 'The payout could not be made now. Your points are back in your balance; please try again later',
} as const;
export type PayoutFailPreset = keyof typeof PAYOUT_FAIL_PRESETS;
export const isPayoutFailPreset = (reason: string): reason is PayoutFailPreset => Object.hasOwn(PAYOUT_FAIL_PRESETS, reason);

/** Where an order is on the server side; the earner sees only in progress, success or failed. */
export const PAYOUT_STATES = ['awaiting_approval', 'queued', 'dispatched', 'dispatch_failed', 'success', 'failed'] as const;
export const PayoutState = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof PayoutState>;

export const PayoutOrder = z.object({
  ...WithdrawOrder.shape,
  state: PayoutState,
  earnerId: z.int(),
  /** The number the earner signs in with, masked. */
  earnerPhone: z.string(),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
});
export type PayoutOrder = z.infer<typeof PayoutOrder>;

const OrderId = z.int().check(z.gt(0), z.lte(2_147_483_647));

export const payoutList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/payout/list',
  auth: true,
  input: z.object({
    state: z.optional(PayoutState),
    page: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000)))),
  }),
  data: z.object({ list: z.array(PayoutOrder), hasMore: z.boolean() }),
});
export const payoutApprove = endpoint({ api: 'main', method: 'POST', path: '/admin/payout/approve', auth: true, input: z.object({ orderId: OrderId }), data: PayoutOrder });
export const payoutRetry = endpoint({ api: 'main', method: 'POST', path: '/admin/payout/retry', auth: true, input: z.object({ orderId: OrderId }), data: PayoutOrder });
export const payoutFail = endpoint({
  api: 'main',
  method: 'POST',
  path: '/admin/payout/fail',
  auth: true,
  input: z.object({
    orderId: OrderId,
    reason: z.string().check(
      toPlainText(),
      z.minLength(2),
      z.maxLength(300),
      z.refine((reason) => !reason.startsWith('payouts.') || isPayoutFailPreset(reason), { error: 'a reason from the list, or your own words' }),
    ),
  }),
  data: PayoutOrder,
});
