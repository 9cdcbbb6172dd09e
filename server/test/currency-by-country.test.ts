import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Institution, Recipient, WithdrawLog, WithdrawOptions, WithdrawOrder } from '@grab/shared/contracts';
import { PHONE_COUNTRIES, payoutCurrency } from '@grab/shared/phone';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { users, withdrawOrders } from '../src/db/schema';
import { LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { call, engines, registerEarner, testConfig, useTestContext } from './helper';

const MIGRATION = '0037_currency_by_country';

/** Runs the migration again on the test's database, as a deploy does on accounts made before it. */
async function migrate(execute: (statement: string) => Promise<unknown>): Promise<void> {
  const file = fs.readFileSync(path.join(loadConfig({}).migrationsDir, `${MIGRATION}.sql`), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await execute(statement);
}

describe('the migration to currencies by country', () => {
  it('is in the journal, so a deploy runs it', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(loadConfig({}).migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    expect(journal.entries.map((e) => e.tag)).toContain(MIGRATION);
  });
});

describe.each(engines)('accounts made before currencies by country, on %s', (engine) => {
  // No cooling-off, so the old order can be asked for at once.
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '0' }));
  const run = () => migrate((statement) => ctx.db.execute(sql.raw(statement)));

  it('takes the currency payoutCurrency gives for every phone country, and leaves other countries as they were', async () => {
    const tag = randomBytes(4).toString('hex');
    // Each account starts in a currency that is not its country's, as a sign-up in another language left it.
    const wrong = (country: (typeof PHONE_COUNTRIES)[number]) => (payoutCurrency(country) === 'PKR' ? 'USD' : 'PKR');
    const rows = [
      ...PHONE_COUNTRIES.map((country) => ({ country, currency: wrong(country) })),
      // Not a country of ours (an operator's hand, or a list that shrank): nothing to take.
      { country: 'FR', currency: 'USD' },
    ].map((row, i) => ({ ...row, publicId: `m${tag}${i}`, phone: `+0${tag}${i}`, passwordHash: 'x', inviteCode: `M${tag}${i}`.toUpperCase() }));
    const inserted = await ctx.db.insert(users).values(rows).returning({ id: users.id });
    await run();
    const after = await ctx.db
      .select({ country: users.country, currency: users.currency })
      .from(users)
      .where(inArray(users.id, inserted.map((u) => u.id)));
    expect(Object.fromEntries(after.map((u) => [u.country, u.currency]))).toEqual({
      ...Object.fromEntries(PHONE_COUNTRIES.map((country) => [country, payoutCurrency(country)])),
      FR: 'USD',
    });
  });

  it('pays an Indian earner of the English default in rupees from then on, and leaves their dollar order and points as they were', async () => {
    const earner = await registerEarner(ctx.app);
    // What a sign-up from an English phone gave before: dollars.
    await ctx.db.update(users).set({ currency: 'USD' }).where(eq(users.id, earner.userId));
    await postAlone(ctx.db, { userId: earner.userId, amount: 50_000_00, reason: LedgerReason.taskReward, idempotencyKey: `currency-migration:${earner.userId}` });
    const get = async <T>(url: string) => (await call<T>(ctx.app, { method: 'GET', url, token: earner.token })).body.data!;
    const post = async <T>(url: string, payload: object) => (await call<T>(ctx.app, { method: 'POST', url, token: earner.token, payload })).body.data!;
    const [upi] = await get<Institution[]>('/app/pay/institutionList?method=upi');
    const recipient = await post<Recipient>('/app/pay/userRecipientSave', { method: 'upi', institutionId: upi!.id, name: 'Asha K', account: 'asha.k@okbank' });
    expect((await get<WithdrawOptions>('/app/pay/withdraw-options')).currency).toBe('USD');
    // $20 is above the dollar approval line: the order waits for an operator, so nothing pays it meanwhile.
    const order = await post<WithdrawOrder>('/app/pay/pay-withdraw', { amount: 2_000, recipientId: recipient.id, idempotencyKey: randomBytes(12).toString('hex') });
    expect(order).toMatchObject({ currency: 'USD', amount: 2_000, awaitingApproval: true });
    const balance = async () => (await get<{ balance: number }>('/app/user/assetInfo')).balance;
    const before = { balance: await balance(), orders: await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, earner.userId)) };

    await run();

    const options = await get<WithdrawOptions>('/app/pay/withdraw-options');
    expect(options).toMatchObject({ currency: 'INR', presets: [10_000, 20_000, 50_000, 100_000, 200_000, 500_000], methods: ['bank', 'upi', 'wallet'] });
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, earner.userId))).toEqual(before.orders);
    expect((await post<WithdrawLog>('/app/pay/withdraw-log', {})).items).toEqual([expect.objectContaining({ id: order.id, currency: 'USD', amount: 2_000 })]);
    expect(await balance()).toBe(before.balance);
  });
});
