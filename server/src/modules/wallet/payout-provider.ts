import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payout provider, as the wallet sees it. `submit` must be idempotent on `reference` (the
 * order id): the dispatch job may send an order again after a crash or a lost answer, and the
 * provider pays it once. Results arrive later on the provider's signed webhook.
 */
export interface PayoutProvider {
  readonly name: string;
  submit(order: PayoutRequest): Promise<{ providerRef: string }>;
  /**
   * Several orders in one call, for a provider that takes batches: each order's outcome, in their
   * order, with `submit`'s meaning. Without it, the orders of a job are submitted one by one.
   */
  submitAll?(orders: readonly PayoutRequest[]): Promise<PromiseSettledResult<{ providerRef: string }>[]>;
  /** Where the provider stands on an order, for operators and reconciliation. */
  status(reference: string): Promise<'unknown' | 'pending' | 'paid' | 'failed'>;
  /** Checks a webhook delivery: signature over the raw body and its timestamp. */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number): WebhookCheck;
}

export interface PayoutRequest {
  reference: string;
  method: 'bank' | 'upi' | 'wallet';
  institution: string;
  accountName: string;
  account: string;
  ifsc: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

export type WebhookCheck = { ok: true } | { ok: false; reason: 'missing' | 'signature' | 'stale' };

/** What every provider's callback becomes once verified. */
export interface PayoutResult {
  eventId: string;
  reference: string;
  status: 'paid' | 'failed';
  reason?: string;
}

export const SIGNATURE_HEADER = 'x-payout-signature';
export const TIMESTAMP_HEADER = 'x-payout-timestamp';
/** Deliveries older or newer than this are refused: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_MS = 5 * 60 * 1000;

/** HMAC-SHA256 over `<timestamp>.<raw body>`, hex: the scheme the simulator and the webhook share. */
export function signPayload(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function verifySignature(secret: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number): WebhookCheck {
  const signature = header(headers, SIGNATURE_HEADER);
  const stamp = header(headers, TIMESTAMP_HEADER);
  if (!signature || !stamp || !/^\d{1,13}$/.test(stamp) || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'missing' };
  const expected = Buffer.from(signPayload(secret, Number(stamp), rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'signature' };
  // Checked after the signature, so the timestamp itself is known to be the provider's.
  if (Math.abs(nowMs - Number(stamp) * 1000) > REPLAY_WINDOW_MS) return { ok: false, reason: 'stale' };
  return { ok: true };
}
