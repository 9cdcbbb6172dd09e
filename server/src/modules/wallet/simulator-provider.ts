import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jobOutbox, simulatorPayouts } from '../../db/schema';
import { serverSecret } from '../../db/server-secrets';
import { type PayoutProvider, type PayoutRequest, signPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from './payout-provider';
import { DISPATCH_ATTEMPTS, type PayoutQueue, SIMULATOR_QUEUE } from './payout-queue';

/**
 * The local payout provider of demo mode and tests. It keeps its own book (one row per order, so a
 * repeated submit pays nothing twice), pays after a configurable delay, and calls the webhook the
 * way a real provider would: a signed POST to `/webhooks/payout/simulator`.
 *
 * The documented failure rule: an account whose digits end in `0000` (for UPI, the part before the
 * `@`) is refused by the "bank", and the order fails with `payouts.accountRejected`.
 */
export const SIMULATOR = 'simulator';

export function simulatorRefuses(account: string): boolean {
  return /0000$/.test(account.split('@')[0] ?? '');
}

/** One result to deliver: the order's reference, and which attempt this is (from 1; absent on the first). */
export interface SimulatorItem {
  reference: string;
  attempt?: number;
}

/** Sends one webhook request; the app wires it to its own router (the same path a provider's POST takes). */
export type Deliver = (path: string, rawBody: string, headers: Record<string, string>) => Promise<number>;

export class SimulatorProvider implements PayoutProvider {
  readonly name = SIMULATOR;

  constructor(
    private readonly db: Db,
    private readonly queue: PayoutQueue,
    private readonly delayMs: number,
  ) {}

  secret(): Promise<string> {
    return serverSecret(this.db, 'payout-simulator-webhook');
  }

  async submit(order: PayoutRequest): Promise<{ providerRef: string }> {
    const [outcome] = await this.submitAll([order]);
    if (outcome?.status !== 'fulfilled') throw outcome?.reason ?? new Error('The simulator answered nothing');
    return outcome.value;
  }

  async submitAll(orders: readonly PayoutRequest[]): Promise<PromiseSettledResult<{ providerRef: string }>[]> {
    const column = <T>(pick: (order: PayoutRequest) => T) => sql.param(orders.map(pick));
    // One statement for all: the book's rows, and only on an order's first submit (a bank answers
    // once per payment) its result's delivery in the outbox, after the configured delay.
    const result = await this.db.execute(sql`
      with payout as (
        insert into ${simulatorPayouts} (reference, account, amount, outcome)
        select * from unnest(${column((o) => o.reference)}::text[], ${column((o) => o.account)}::text[], ${column((o) => o.amount)}::bigint[],
                             ${column((o) => (simulatorRefuses(o.account) ? 'failed' : 'paid'))}::text[])
        on conflict (reference) do update set submissions = ${simulatorPayouts.submissions} + 1
        returning reference, submissions)
      insert into ${jobOutbox} (queue, data, start_after)
      select ${SIMULATOR_QUEUE}, jsonb_build_object('reference', reference), now() + make_interval(secs => ${Math.ceil(this.delayMs / 1000)})
      from payout where submissions = 1
      returning id`);
    if ((result as unknown as { rows: unknown[] }).rows.length > 0) this.queue.relaySoon();
    return orders.map((order) => ({ status: 'fulfilled' as const, value: { providerRef: `sim-${order.reference}` } }));
  }

  async status(reference: string): Promise<'unknown' | 'pending' | 'paid' | 'failed'> {
    const [row] = await this.db.select({ outcome: simulatorPayouts.outcome }).from(simulatorPayouts).where(eq(simulatorPayouts.reference, reference));
    return row ? (row.outcome as 'paid' | 'failed') : 'unknown';
  }

  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, nowMs: number) {
    // The secret is read once at start (see `ready`), so verifying stays synchronous.
    if (!this.cachedSecret) return { ok: false as const, reason: 'signature' as const };
    return verifySignature(this.cachedSecret, rawBody, headers, nowMs);
  }

  private cachedSecret: string | null = null;

  async ready(): Promise<void> {
    this.cachedSecret = await this.secret();
  }

  /**
   * Delivers the results of one job's orders. A delivery the webhook did not take is tried again
   * later, as a provider retries a webhook that failed, up to the dispatch's number of attempts.
   */
  async deliverAll(items: readonly SimulatorItem[], deliver: Deliver): Promise<void> {
    const outcomes = await Promise.allSettled(items.map((item) => this.deliver(item.reference, deliver)));
    const again = items.filter((item, i) => outcomes[i]?.status === 'rejected' && (item.attempt ?? 1) < DISPATCH_ATTEMPTS);
    await this.queue.retryLater(
      SIMULATOR_QUEUE,
      again.map((item) => ({ reference: item.reference, attempt: (item.attempt ?? 1) + 1 })),
    );
  }

  /** The simulator's side of the webhook: builds, signs and delivers the result of one order. */
  async deliver(reference: string, deliver: Deliver, nowMs = Date.now()): Promise<void> {
    const [row] = await this.db.select().from(simulatorPayouts).where(eq(simulatorPayouts.reference, reference));
    if (!row) return;
    const body = JSON.stringify({
      eventId: `sim-${reference}-${row.outcome}`,
      reference,
      status: row.outcome,
      ...(row.outcome === 'failed' ? { reason: 'payouts.accountRejected' } : {}),
    });
    const timestamp = Math.floor(nowMs / 1000);
    const signature = signPayload(await this.secret(), timestamp, body);
    const status = await deliver(`/webhooks/payout/${SIMULATOR}`, body, { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signature });
    if (status !== 200) throw new Error(`The webhook answered ${status}`);
  }
}
