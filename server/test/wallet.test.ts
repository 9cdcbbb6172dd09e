import { randomBytes } from 'node:crypto';
import { ErrorCode, type Institution, type Recipient, type UserInfo, type WithdrawLog, type WithdrawOptions, type WithdrawOrder, quoteWithdrawal } from '@grab/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { earnerFreezes, institutions, teamDailyStats, users, withdrawOrders } from '../src/db/schema';
import { balanceOf, LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER } from '../src/modules/wallet/payout-provider';
import { dispatchOrders } from '../src/modules/wallet/dispatch';
import { DISPATCH_ATTEMPTS, DISPATCH_QUEUE, PayoutQueue } from '../src/modules/wallet/payout-queue';
import { reconcile } from '../src/modules/wallet/reconcile';
import { SimulatorProvider } from '../src/modules/wallet/simulator-provider';
import { WithdrawRulesCache } from '../src/modules/wallet/withdraw-rules.cache';
import { requestMany } from '../src/modules/wallet/withdrawals.service';
import { SEED_WITHDRAW_SETTINGS } from '../src/seed/seed-wallet';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, type Registered, registerEarner, registerEarnerOf, testConfig, useTestContext } from './helper';
import { insertMember } from './team-fixtures';

const key = () => randomBytes(12).toString('hex');

/**
 * The seeded rupee rules the tests' Indian earners are paid by (amounts in paise): ₹100 is the
 * smallest preset and costs 1,176.48 points at 0.085 rupees a point, 1,200 with the 2 % fee;
 * above ₹1,000 an order waits for a payout operator, and ₹10,000 a day is the most.
 */
const RUPEES_100 = 100_00;
const RUPEES_200 = 200_00;
/** A preset above the approval line: 24,000 points with its fee. */
const HELD_AMOUNT = 2_000_00;
/** A user waits for a payout to arrive; so does the test, on the same signal the orders page shows. */
const PAYOUT_WAIT_MS = 30_000;

describe.each(engines)('the wallet on %s', (engine) => {
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '0' }));

  afterEach(async () => {
    // After every test the books hold: balances are their entries, all accounts sum to zero, none
    // is negative, and every order's state matches its transfers.
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const get = async <T>(url: string, token: string) => (await call<T>(ctx.app, { method: 'GET', url, token })).body;
  const post = async <T>(url: string, token: string, payload: unknown) => (await call<T>(ctx.app, { method: 'POST', url, token, payload: payload as object })).body;

  /** An earner with `points` withdrawable (a task reward, so the welcome bonus is unlocked too). */
  async function earnerWith(points: number, inviteCode?: string): Promise<Registered> {
    const earner = await registerEarner(ctx.app, inviteCode);
    await postAlone(ctx.db, { userId: earner.userId, amount: points, reason: LedgerReason.taskReward, idempotencyKey: `wallet-test:${earner.userId}` });
    return earner;
  }

  async function institution(token: string, method: 'bank' | 'upi' | 'wallet'): Promise<Institution> {
    const list = (await get<Institution[]>(`/app/pay/institutionList?method=${method}`, token)).data ?? [];
    if (!list[0]) throw new Error(`no ${method} institution`);
    return list[0];
  }

  async function saveUpi(earner: Registered, vpa = 'asha.k@okbank'): Promise<Recipient> {
    const upi = await institution(earner.token, 'upi');
    const body = await post<Recipient>('/app/pay/userRecipientSave', earner.token, { method: 'upi', institutionId: upi.id, name: 'Asha K', account: vpa });
    if (body.code !== 200 || !body.data) throw new Error(`recipient: ${JSON.stringify(body)}`);
    return body.data;
  }

  const balance = async (earner: Registered) => (await get<{ balance: number }>('/app/user/assetInfo', earner.token)).data?.balance ?? -1;

  async function waitForOrder(earner: Registered, id: number, status: 'success' | 'failed'): Promise<WithdrawOrder> {
    const deadline = Date.now() + PAYOUT_WAIT_MS;
    for (;;) {
      const log = (await post<WithdrawLog>('/app/pay/withdraw-log', earner.token, {})).data;
      const order = log?.items.find((o) => o.id === id);
      if (order?.status === status) return order;
      if (Date.now() > deadline) throw new Error(`order ${id} is ${order?.status}, not ${status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('lists the institutions of the earner\'s country, by method', async () => {
    const earner = await registerEarner(ctx.app);
    const all = (await get<Institution[]>('/app/pay/institutionList', earner.token)).data ?? [];
    expect(new Set(all.map((i) => i.method))).toEqual(new Set(['bank', 'upi', 'wallet']));
    expect(all.every((i) => i.country === 'IN')).toBe(true);
    expect(all.map((i) => i.name)).toContain('Paytm');
    const wallets = (await get<Institution[]>('/app/pay/institutionList?method=wallet', earner.token)).data ?? [];
    expect(wallets.every((i) => i.method === 'wallet')).toBe(true);
  });

  it('gives the withdrawal options of the earner\'s currency, and quotes like the server charges', async () => {
    const earner = await registerEarner(ctx.app);
    const options = (await get<WithdrawOptions>('/app/pay/withdraw-options', earner.token)).data!;
    expect(options).toMatchObject({ currency: 'INR', fractionDigits: 2, microsPerPoint: 85_000, minAmount: RUPEES_100, feeBps: 200, methods: ['bank', 'upi', 'wallet'] });
    // ₹100 is 1,176.47… points, rounded up to the hundredth; with the 2 % fee it is exactly 1,200, so the fee is 23.52.
    expect(quoteWithdrawal(RUPEES_100, options)).toEqual({ points: 1176_48, fee: 23_52, total: 1200_00 });
  });

  it("pays an earner in their phone country's currency, whatever language the app spoke at sign-up", async () => {
    const presets = (currency: string) => [...SEED_WITHDRAW_SETTINGS.find((s) => s.currency === currency)!.presets];
    const cases = [
      // The default language is English, a dollar language: an Indian number is still paid in rupees, to UPI too.
      { country: 'IN', language: undefined, currency: 'INR', methods: ['bank', 'upi', 'wallet'] },
      { country: 'IN', language: 'en-US', currency: 'INR', methods: ['bank', 'upi', 'wallet'] },
      { country: 'IN', language: 'ur-PK', currency: 'INR', methods: ['bank', 'upi', 'wallet'] },
      { country: 'US', language: 'en-US', currency: 'USD', methods: ['bank', 'wallet'] },
      { country: 'US', language: 'hi-IN', currency: 'USD', methods: ['bank', 'wallet'] },
    ] as const;
    for (const { country, language, currency, methods } of cases) {
      const earner = await registerEarnerOf(ctx.app, { country, ...(language ? { language } : {}) });
      const options = (await get<WithdrawOptions>('/app/pay/withdraw-options', earner.token)).data!;
      const info = (await post<UserInfo>('/app/user/info', earner.token, {})).data!;
      expect({ signUp: earner.currency, info: info.currency, options: options.currency, presets: options.presets, methods: options.methods }, `${country} ${language}`).toEqual({
        signUp: currency,
        info: currency,
        options: currency,
        presets: presets(currency),
        methods,
      });
    }
  });

  it('saves a bank recipient with the IFSC bank name, masks it, and refuses bad details with the field\'s message', async () => {
    const earner = await registerEarner(ctx.app);
    const bank = await institution(earner.token, 'bank');
    const base = { method: 'bank', institutionId: bank.id, name: 'Asha K', account: '123456789012', ifsc: 'HDFC0001234' };
    // Another country's wallet is not this earner's to choose.
    const [pakistani] = await ctx.db.select().from(institutions).where(and(eq(institutions.country, 'PK'), eq(institutions.method, 'wallet'))).limit(1);
    const before = await countRows(ctx.db);
    const refusals: [object, string, number?][] = [
      [{ ...base, method: 'wallet', institutionId: pakistani!.id, account: '9876543210' }, 'This wallet is not available. Please choose another', ErrorCode.institutionUnavailable],
      [{ ...base, ifsc: 'HDFC1234' }, 'Enter correct 11-digit IFSC'],
      [{ ...base, ifsc: undefined }, 'Enter correct 11-digit IFSC'],
      [{ ...base, account: '' }, 'Please enter the bank number'],
      [{ ...base, account: '12345abc' }, 'Input must be a number'],
      [{ ...base, account: '12345' }, 'This account number has the wrong number of digits for your country'],
      [{ ...base, name: '  ' }, 'Please enter the card name'],
      [{ ...base, institutionId: 999_999 }, 'This bank is not available. Please choose another', ErrorCode.institutionUnavailable],
      // A bank's id sent as the UPI choice: refused in the words of what the earner chose.
      [{ ...base, method: 'upi', account: 'asha.k@okbank' }, 'UPI is not available right now. Please choose another payment method', ErrorCode.institutionUnavailable],
      [{ ...base, institutionId: 'x' }, 'Please choose a bank or wallet'],
      [{ ...base, method: 'upi', account: 'not-a-vpa' }, 'Enter a UPI ID such as name@bank'],
      [{ ...base, method: 'wallet', account: '12' }, 'Please enter a valid phone number'],
      [{ ...base, method: 'cash' }, 'Please fill out the form'],
    ];
    // A choice no longer offered has a code of its own, so the form puts its message under the list.
    for (const [payload, message, code = ErrorCode.validation] of refusals) {
      const body = await post('/app/pay/userRecipientSave', earner.token, payload);
      expect([body.code, body.msg], JSON.stringify(payload)).toEqual([code, message]);
    }
    expect(await countRows(ctx.db)).toEqual(before);

    const saved = await post<Recipient>('/app/pay/userRecipientSave', earner.token, { ...base, ifsc: 'hdfc0001234' });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ method: 'bank', maskedAccount: '•••• 9012', ifsc: 'HDFC0001234', bankName: 'HDFC Bank', coolingOffUntil: null });
    expect(JSON.stringify(saved.data)).not.toContain('123456789012');
    const read = await get<Recipient>('/app/pay/userRecipient', earner.token);
    expect(read.data).toEqual(saved.data);
    // The same number typed in the groups it is printed in is the same recipient: nothing changes, no new cooling-off.
    const grouped = await post<Recipient>('/app/pay/userRecipientSave', earner.token, { ...base, account: '1234 5678-9012' });
    expect(grouped.data).toEqual(saved.data);
  });

  it('withdraws to UPI: the points are held at once, the simulator pays, the fee becomes revenue', async () => {
    const earner = await earnerWith(5_000_00);
    const recipient = await saveUpi(earner);
    const start = await balance(earner);
    const body = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey: key() });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ status: 'in_progress', amount: RUPEES_100, currency: 'INR', method: 'upi', maskedAccount: 'as•••@okbank', points: 1176_48, fee: 23_52, total: 1200_00 });
    expect(await balance(earner)).toBe(start - 1200_00);
    const paid = await waitForOrder(earner, body.data!.id, 'success');
    expect(paid.decidedAt).not.toBeNull();
    expect(await balance(earner)).toBe(start - 1200_00);
    const entries = (await get<{ items: { amount: number; reason: string }[] }>('/app/user/earnings-log?kind=withdrawal', earner.token)).data!.items;
    expect(entries).toEqual([expect.objectContaining({ amount: -1200_00, reason: 'withdrawal' })]);
  });

  it('fails an account ending in 0000 with its reason, and gives every point back in one transfer', async () => {
    const earner = await earnerWith(5_000_00);
    const recipient = await saveUpi(earner, 'test0000@okbank');
    const start = await balance(earner);
    const body = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_200, recipientId: recipient.id, idempotencyKey: key() });
    expect(body.code).toBe(200);
    const failed = await waitForOrder(earner, body.data!.id, 'failed');
    expect(failed.failureReason).toBe('payouts.accountRejected');
    expect(await balance(earner)).toBe(start);
    const refunds = (await get<{ items: { amount: number }[] }>('/app/user/earnings-log?kind=refund', earner.token)).data!.items;
    expect(refunds.map((r) => r.amount)).toEqual([failed.total]);
  });

  it('returns the same order for the same key, twenty times at once, and refuses the key for another amount', async () => {
    const earner = await earnerWith(5_000_00);
    const recipient = await saveUpi(earner);
    const idempotencyKey = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey })),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, earner.userId))).toHaveLength(1);
    const other = await post('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_200, recipientId: recipient.id, idempotencyKey });
    expect(other.code).toBe(409);
    await waitForOrder(earner, answers[0]!.data!.id, 'success');
  });

  it('refuses bad amounts, another earner\'s recipient and a short balance, leaving every row as it was', async () => {
    const earner = await earnerWith(500_00);
    const recipient = await saveUpi(earner);
    const stranger = await earnerWith(5_000_00);
    const strangers = await saveUpi(stranger);
    const before = await countRows(ctx.db);
    const ask = (payload: object) => post('/app/pay/pay-withdraw', earner.token, { recipientId: recipient.id, idempotencyKey: key(), ...payload });
    const refusals: [object, number, string][] = [
      [{ amount: 'ten' }, 400, 'Please select an amount'],
      [{ amount: -100 }, 400, 'Please select an amount'],
      [{ amount: 0 }, 400, 'Please select an amount'],
      [{ amount: 1.5 }, 400, 'Please select an amount'],
      [{ amount: 1e30 }, 400, 'Please select an amount'],
      [{ amount: 2_000_000_000 }, 400, 'That amount is too large'],
      [{ amount: 50_00 }, 400, 'The smallest withdrawal is ₹100.00'],
      [{ amount: 150_00 }, 400, 'Please select an amount'],
      [{ amount: RUPEES_100, recipientId: strangers.id }, 404, 'Not found'],
      [{ amount: RUPEES_100, recipientId: 'x' }, 400, 'Please add a recipient first'],
      [{ amount: RUPEES_100, idempotencyKey: 'short' }, 400, 'Please fill out the form'],
      // 600 points (welcome bonus 100 + 500 earned) against 1,200: 600 more are needed.
      [{ amount: RUPEES_100 }, 1101, 'You need 600 more withdrawable points'],
    ];
    for (const [payload, code, message] of refusals) {
      const body = await ask(payload);
      expect([body.code, body.msg], JSON.stringify(payload)).toEqual([code, message]);
    }
    // Refusals speak the earner's language.
    const hindi = await call(ctx.app, { method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, headers: { 'accept-language': 'hi-IN' }, payload: { amount: 0, recipientId: recipient.id, idempotencyKey: key() } });
    expect(hindi.body.code).toBe(400);
    expect(hindi.body.msg).not.toBe('Please select an amount');
    // Amounts in a refusal are written as the earner's language writes them, as the screens do.
    const rupees = new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(100);
    const below = await call(ctx.app, { method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, headers: { 'accept-language': 'hi-IN' }, payload: { amount: 50_00, recipientId: recipient.id, idempotencyKey: key() } });
    expect(below.body.msg).toContain(rupees);
    expect(below.body.msg).not.toContain('INR');
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('keeps the welcome bonus until the first approved task, and says how many points are still needed', async () => {
    const earner = await registerEarner(ctx.app);
    // A redeemed code, not a task reward: the bonus stays locked (and a prize would need its spin).
    await postAlone(ctx.db, { userId: earner.userId, amount: 1_000_00, reason: LedgerReason.redeemCode, idempotencyKey: `code:WALLETTEST:${earner.userId}` });
    const recipient = await saveUpi(earner);
    // 1,100 points in the balance, 100 of them the locked bonus: 1,000 withdrawable against 1,200.
    const body = await post('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey: key() });
    expect([body.code, body.msg]).toEqual([1101, 'You need 200 more withdrawable points']);
  });

  /** Jobs for the order: rows still in the outbox, and the pg-boss jobs the relay put it in. */
  async function jobsOf(orderId: number): Promise<{ outbox: number; queued: number }> {
    const count = async (query: ReturnType<typeof sql>) => Number(((await ctx.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
    return {
      outbox: await count(sql`select count(*) as n from job_outbox where queue = ${DISPATCH_QUEUE} and (data->>'orderId')::int = ${orderId}`),
      // A relayed job carries every order one relay moved.
      queued: await count(sql`select count(*) as n from pgboss.job where name = ${DISPATCH_QUEUE} and data->'items' @> jsonb_build_array(jsonb_build_object('orderId', ${orderId}::int))`),
    };
  }

  /** The dispatch items that name the order, in the outbox or in the jobs the relay wrote. */
  async function itemsFor(orderId: number): Promise<unknown[]> {
    const result = (await ctx.db.execute(sql`
      select data as item from job_outbox where queue = ${DISPATCH_QUEUE} and (data->>'orderId')::int = ${orderId}
      union all
      select i.item from pgboss.job j cross join jsonb_array_elements(j.data->'items') as i(item)
      where j.name = ${DISPATCH_QUEUE} and (i.item->>'orderId')::int = ${orderId}`)) as unknown as { rows: { item: unknown }[] };
    return result.rows.map((r) => (typeof r.item === 'string' ? JSON.parse(r.item) : r.item));
  }

  async function relayed(orderId: number): Promise<{ outbox: number; queued: number }> {
    const deadline = Date.now() + PAYOUT_WAIT_MS;
    for (;;) {
      const jobs = await jobsOf(orderId);
      if (jobs.outbox === 0 || Date.now() > deadline) return jobs;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('writes one dispatch job with a queued order, none for a repeat of its key or an order held for approval, and none for a refusal', async () => {
    const earner = await earnerWith(50_000_00);
    const recipient = await saveUpi(earner);
    const idempotencyKey = key();
    const first = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey });
    const again = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey });
    expect(again.data?.id).toBe(first.data?.id);
    // The job is written by the request's own statement: it is in the outbox or already relayed, never missing.
    const now = await jobsOf(first.data!.id);
    expect(now.outbox + now.queued).toBe(1);
    expect(await relayed(first.data!.id)).toEqual({ outbox: 0, queued: 1 });
    // Paid: the simulator has written its row and delivered, so nothing else moves from here on.
    await waitForOrder(earner, first.data!.id, 'success');
    const held = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
    expect(held.data).toMatchObject({ awaitingApproval: true });
    expect(await jobsOf(held.data!.id)).toEqual({ outbox: 0, queued: 0 });
    const before = await countRows(ctx.db);
    // ₹50,000 is no preset, beyond the daily amount and the balance.
    const refused = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: 50_000_00, recipientId: recipient.id, idempotencyKey: key() });
    expect(refused.code).not.toBe(200);
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('dispatches an order whose job a process left in the outbox when it died after the commit', async () => {
    const earner = await earnerWith(50_000_00);
    const recipient = await saveUpi(earner);
    // An order held for approval has no job; writing its order queued and its outbox row directly is
    // what a process that committed a request and died before relaying it leaves behind.
    const held = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
    const id = held.data!.id;
    await ctx.db.execute(sql`update withdraw_orders set state = 'queued' where id = ${id}`);
    await ctx.db.execute(sql`insert into job_outbox (queue, data) values (${DISPATCH_QUEUE}, jsonb_build_object('orderId', ${id}::int))`);
    // Nobody announces the row: the relay's own round finds it.
    expect(await relayed(id)).toEqual({ outbox: 0, queued: 1 });
    await waitForOrder(earner, id, 'success');
  });

  it('holds orders above the approval amount for a payout operator; reviewers and earners cannot act on them', async () => {
    const earner = await earnerWith(50_000_00);
    const recipient = await saveUpi(earner);
    const start = await balance(earner);
    const big = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
    expect(big.data).toMatchObject({ status: 'in_progress', awaitingApproval: true });
    const id = big.data!.id;
    const [reviewer, operator] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    await ctx.db.update(users).set({ role: 'reviewer' }).where(eq(users.id, reviewer.userId));
    await ctx.db.update(users).set({ role: 'payout' }).where(eq(users.id, operator.userId));
    for (const who of [earner, reviewer]) {
      expect((await post('/admin/payout/approve', who.token, { orderId: id })).code).toBe(403);
      expect((await call(ctx.app, { method: 'GET', url: '/admin/payout/list', token: who.token })).body.code).toBe(403);
    }
    // A second order waiting too: the queue is worked oldest first.
    const later = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
    const list = (await get<{ list: { id: number; earnerPhone: string }[] }>('/admin/payout/list', operator.token)).data!.list;
    expect(list.map((o) => o.id)).toContain(id);
    expect(list.findIndex((o) => o.id === id)).toBeLessThan(list.findIndex((o) => o.id === later.data!.id));
    expect((await post('/admin/payout/fail', operator.token, { orderId: later.data!.id, reason: 'Sent twice' })).code).toBe(200);
    expect(list.find((o) => o.id === id)?.earnerPhone).not.toContain(earner.phone);
    // Retry is for a dispatch that gave up; an unknown order is not found.
    expect((await post('/admin/payout/retry', operator.token, { orderId: id })).code).toBe(409);
    expect((await post('/admin/payout/approve', operator.token, { orderId: 2_000_000_000 })).code).toBe(404);
    expect((await post('/admin/payout/approve', operator.token, { orderId: id })).code).toBe(200);
    expect((await post('/admin/payout/approve', operator.token, { orderId: id })).code).toBe(409);
    await waitForOrder(earner, id, 'success');
    // A second big one is failed by the operator: its points come back.
    const second = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
    // A reason from the console's list is kept as its key (each earner reads it in their language);
    // one that only looks like a key is refused before anything moves.
    expect((await post('/admin/payout/fail', operator.token, { orderId: second.data!.id, reason: 'payouts.nameWrong' })).code).toBe(400);
    const failed = await post<{ status: string; failureReason: string }>('/admin/payout/fail', operator.token, { orderId: second.data!.id, reason: 'payouts.nameMismatch' });
    expect(failed.data).toMatchObject({ status: 'failed', failureReason: 'payouts.nameMismatch' });
    expect(await balance(earner)).toBe(start - big.data!.total);
    // Decided already: failing it again, or failing the paid one, moves no point.
    expect((await post('/admin/payout/fail', operator.token, { orderId: second.data!.id, reason: 'Again' })).code).toBe(409);
    expect((await post('/admin/payout/fail', operator.token, { orderId: id, reason: 'Too late' })).code).toBe(409);
    expect((await post('/admin/payout/fail', operator.token, { orderId: 2_000_000_000, reason: 'Nobody' })).code).toBe(404);
    expect(await balance(earner)).toBe(start - big.data!.total);
  });

  it('stops at the daily number of withdrawals', async () => {
    const earner = await earnerWith(50_000_00);
    const recipient = await saveUpi(earner);
    for (let i = 0; i < 3; i++) expect((await post('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey: key() })).code).toBe(200);
    const fourth = await post('/app/pay/pay-withdraw', earner.token, { amount: RUPEES_100, recipientId: recipient.id, idempotencyKey: key() });
    expect([fourth.code, fourth.msg]).toEqual([1102, "You have reached today's limit of 3 withdrawals. Please try again tomorrow"]);
    const orders = (await post<WithdrawLog>('/app/pay/withdraw-log', earner.token, { status: 'in_progress' })).data!;
    for (const order of orders.items) await waitForOrder(earner, order.id, 'success');
  });

  it('decides each request of one statement as requests one after another would', async () => {
    const [a, b, c] = [await earnerWith(50_000_00), await earnerWith(1_500_00), await earnerWith(50_000_00)];
    const [toA, toB] = [await saveUpi(a), await saveUpi(b)];
    const cache = new WithdrawRulesCache(0);
    const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, a.userId));
    const [k1, k2, k3, k4] = [key(), key(), key(), key()];
    const now = new Date();
    const item = (earner: Registered, idempotencyKey: string, recipientId: number, amount = RUPEES_100) => ({ userId: earner.userId, idempotencyKey, amount, recipientId, now, rules });
    const before = { a: await balance(a), b: await balance(b) };
    const answers = await requestMany(ctx.db, [
      item(a, k1, toA.id),
      item(b, k2, toB.id),
      item(a, k1, toA.id),
      item(a, k3, toA.id),
      // b's 1,600 points cover one ₹100 withdrawal, not two.
      item(b, k4, toB.id),
      item(c, key(), toA.id),
      item(a, k1, toA.id, RUPEES_200),
    ]);
    expect(answers.map((x) => x.outcome)).toEqual(['created', 'created', 'repeat', 'created', 'not_withdrawable', 'not_found', 'key_reused']);
    const orderOf = (i: number) => JSON.parse(answers[i]?.detail ?? '{}') as { id: number; total: number };
    expect(orderOf(2).id).toBe(orderOf(0).id);
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, a.userId))).toHaveLength(2);
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, b.userId))).toHaveLength(1);
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, c.userId))).toHaveLength(0);
    expect(await balance(a)).toBe(before.a - orderOf(0).total - orderOf(3).total);
    expect(await balance(b)).toBe(before.b - orderOf(1).total);
    for (const i of [0, 1, 3]) await waitForOrder(i === 1 ? b : a, orderOf(i).id, 'success');
  });

  it('decides a batch of different earners as single requests would, every outcome, and writes the holds of those that pass', async () => {
    const [created, approval, poor, stranger, frozen, repeated, reused] = [
      await earnerWith(50_000_00),
      await earnerWith(50_000_00),
      await earnerWith(50_00),
      await earnerWith(50_000_00),
      await earnerWith(50_000_00),
      await earnerWith(50_000_00),
      await earnerWith(50_000_00),
    ];
    const to = new Map<number, Recipient>();
    for (const e of [created, approval, poor, frozen, repeated, reused]) to.set(e.userId, await saveUpi(e));
    await ctx.db.insert(earnerFreezes).values({ userId: frozen.userId, reason: 'checking a report', frozenBy: created.userId });
    // Two earlier taps, sent alone: the batch repeats one with its amount and reuses the other's key with another.
    const [repeatKey, reusedKey] = [key(), key()];
    const first = await post<WithdrawOrder>('/app/pay/pay-withdraw', repeated.token, { amount: RUPEES_100, recipientId: to.get(repeated.userId)!.id, idempotencyKey: repeatKey });
    expect((await post('/app/pay/pay-withdraw', reused.token, { amount: RUPEES_100, recipientId: to.get(reused.userId)!.id, idempotencyKey: reusedKey })).code).toBe(200);
    const before = new Map<number, number>();
    for (const e of [created, approval, poor, stranger, frozen, repeated, reused]) before.set(e.userId, await balance(e));

    const cache = new WithdrawRulesCache(0);
    const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, created.userId));
    const now = new Date();
    const item = (e: Registered, amount = RUPEES_100, idempotencyKey = key(), recipientId = to.get(e.userId)?.id ?? to.get(created.userId)!.id) => ({
      userId: e.userId,
      idempotencyKey,
      amount,
      recipientId,
      now,
      rules,
    });
    const answers = await requestMany(ctx.db, [
      item(reused, RUPEES_200, reusedKey),
      item(created),
      item(stranger),
      item(approval, HELD_AMOUNT),
      item(poor),
      item(frozen),
      item(repeated, RUPEES_100, repeatKey),
    ]);
    expect(answers.map((x) => x.outcome)).toEqual(['key_reused', 'created', 'not_found', 'created', 'not_withdrawable', 'frozen', 'repeat']);
    expect(answers[5]?.detail).toBe('checking a report');
    const orderOf = (i: number) => JSON.parse(answers[i]?.detail ?? '{}') as { id: number; user_id: number; state: string; total: number; amount: number };
    expect(orderOf(6).id).toBe(first.data!.id);
    expect([orderOf(1).state, orderOf(3).state]).toEqual(['queued', 'awaiting_approval']);
    expect([orderOf(1).user_id, orderOf(3).user_id]).toEqual([created.userId, approval.userId]);
    expect([orderOf(1).amount, orderOf(3).amount]).toEqual([RUPEES_100, HELD_AMOUNT]);

    // Only the two that passed moved points, each its own order's total; nothing else changed.
    for (const e of [created, approval, poor, stranger, frozen, repeated, reused]) {
      const moved = e === created ? orderOf(1).total : e === approval ? orderOf(3).total : 0;
      expect({ earner: e.userId, balance: await balance(e) }).toEqual({ earner: e.userId, balance: before.get(e.userId)! - moved });
    }
    const orders = await ctx.db.select().from(withdrawOrders).where(inArray(withdrawOrders.userId, [created.userId, approval.userId, poor.userId, stranger.userId, frozen.userId]));
    expect(orders.map((o) => [o.userId, o.id, o.state]).sort()).toEqual(
      [
        [created.userId, orderOf(1).id, 'queued'],
        [approval.userId, orderOf(3).id, 'awaiting_approval'],
      ].sort(),
    );
    // The queued one got its dispatch job: it is paid; the one above the approval line waits for an operator.
    await waitForOrder(created, orderOf(1).id, 'success');
    await waitForOrder(repeated, first.data!.id, 'success');
    const reusedOrder = (await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, reused.userId)))[0]!;
    await waitForOrder(reused, reusedOrder.id, 'success');
    expect((await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, orderOf(3).id)))[0]?.state).toBe('awaiting_approval');
  });

  it('answers every outcome of a batch of different earners (holds written together) as a batch decided in turn answers its twin', async () => {
    // Each case twice, alike: `mine` goes out as a batch of different earners, written set-based;
    // `twin` as the same batch with one earner repeated at its end, which is decided item by item.
    // `currency`: the earner's currency changed after the quote. `unfunded`: an account that never
    // had a balance row (written with SQL, as an operator's is), asking with another's recipient;
    // `unfundedStale`: the same, quoted in another currency than its own.
    const cases = ['created', 'held', 'poor', 'stale', 'below', 'cooling', 'closed', 'daily', 'repeat', 'reused', 'currency', 'unfunded', 'unfundedStale'] as const;
    const cache = new WithdrawRulesCache(0);
    const inrRules = await cache.of(ctx.db, 'INR');
    const setUp = async (kind: (typeof cases)[number]) => {
      if (kind === 'unfunded' || kind === 'unfundedStale') {
        const userId = await insertMember(ctx.db, null);
        await ctx.db.update(users).set({ currency: 'USD' }).where(eq(users.id, userId));
        const rules = kind === 'unfunded' ? await cache.of(ctx.db, 'USD') : inrRules;
        const someoneElses = await saveUpi(await registerEarner(ctx.app));
        return { userId, item: { userId, idempotencyKey: key(), amount: 100, recipientId: someoneElses.id, now: new Date(), rules } };
      }
      const e = await earnerWith(kind === 'poor' ? 50_00 : 50_000_00);
      const to = await saveUpi(e);
      const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, e.userId));
      if (!rules) throw new Error('no rules');
      if (kind === 'currency') await ctx.db.update(users).set({ currency: 'USD' }).where(eq(users.id, e.userId));
      const idempotencyKey = key();
      // The reused key's first tap asked for ₹100; the batch asks for ₹200 under it.
      const amount = kind === 'held' ? HELD_AMOUNT : kind === 'below' ? 1 : kind === 'reused' ? RUPEES_200 : RUPEES_100;
      if (kind === 'cooling') await ctx.db.execute(sql`update recipients set cooling_off_until = now() + interval '1 day' where id = ${to.id}`);
      if (kind === 'closed') {
        const [closed] = await ctx.db.insert(institutions).values({ country: 'IN', method: 'upi', name: `Closed ${key()}`, active: false }).returning();
        await ctx.db.execute(sql`update recipients set institution_id = ${closed!.id} where id = ${to.id}`);
      }
      if (kind === 'daily') {
        for (let i = 0; i < 3; i++) expect((await post('/app/pay/pay-withdraw', e.token, { amount: RUPEES_100, recipientId: to.id, idempotencyKey: key() })).code).toBe(200);
      }
      if (kind === 'repeat' || kind === 'reused') {
        expect((await post('/app/pay/pay-withdraw', e.token, { amount: RUPEES_100, recipientId: to.id, idempotencyKey })).code).toBe(200);
      }
      const itemRules = kind === 'stale' ? { ...rules, settingsRow: { ...rules.settingsRow, daily_count: 99 } } : rules;
      return { userId: e.userId, earner: e, item: { userId: e.userId, idempotencyKey, amount, recipientId: to.id, now: new Date(), rules: itemRules } };
    };
    const mine = [];
    const twin = [];
    for (const kind of cases) {
      mine.push(await setUp(kind));
      twin.push(await setUp(kind));
    }
    // Read from the books: the accounts written with SQL cannot log in.
    const before = new Map<number, number>();
    for (const { userId } of [...mine, ...twin]) before.set(userId, await balanceOf(ctx.db, userId));

    const asBatch = await requestMany(ctx.db, mine.map((m) => m.item));
    const inTurn = await requestMany(ctx.db, [...twin.map((t) => t.item), twin[0]!.item]);
    const outcomes = asBatch.map((a) => a.outcome);
    expect(outcomes).toEqual([
      'created',
      'created',
      'not_withdrawable',
      'stale',
      'below_minimum',
      'cooling_off',
      'institution_unavailable',
      'daily_count',
      'repeat',
      'key_reused',
      'stale',
      'not_found',
      'stale',
    ]);
    expect(inTurn.slice(0, cases.length).map((a) => a.outcome)).toEqual(outcomes);

    // The same details (a repeat's order and a new order read apart from their ids and times), the same points moved.
    const shape = (detail: string | null) => {
      if (!detail?.startsWith('{')) return detail;
      // What the payout did since (a repeat's order may be paid by now) is timing, not the answer.
      const { id, user_id, idempotency_key, hold_transfer_id, requested_at, state, attempts, last_error, failure_reason, decided_by, dispatched_at, decided_at, provider, event_id, ...rest } =
        JSON.parse(detail) as Record<string, unknown>;
      return rest;
    };
    expect(asBatch.map((a) => shape(a.detail))).toEqual(inTurn.slice(0, cases.length).map((a) => shape(a.detail)));
    for (const [i, kind] of cases.entries()) {
      const [m, t] = [mine[i]!, twin[i]!];
      const moved = async (userId: number) => before.get(userId)! - (await balanceOf(ctx.db, userId));
      expect({ kind, moved: await moved(m.userId) }).toEqual({ kind, moved: await moved(t.userId) });
      const ordersOf = async (userId: number) => (await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, userId))).length;
      expect({ kind, orders: await ordersOf(m.userId) }).toEqual({ kind, orders: await ordersOf(t.userId) });
    }
    const stateOf = (answers: typeof asBatch, i: number) => (JSON.parse(answers[i]!.detail!) as { state: string }).state;
    expect([stateOf(asBatch, 0), stateOf(asBatch, 1)]).toEqual(['queued', 'awaiting_approval']);
    expect([stateOf(inTurn, 0), stateOf(inTurn, 1)]).toEqual(['queued', 'awaiting_approval']);
    // A created order is a queued one with its dispatch row: it is paid like any other.
    const created = JSON.parse(asBatch[0]!.detail!) as { id: number };
    await waitForOrder(mine[0]!.earner!, created.id, 'success');
    await waitForOrder(twin[0]!.earner!, (JSON.parse(inTurn[0]!.detail!) as { id: number }).id, 'success');
  });

  it("adds a batch's withdrawals to the uplines' report as requests one after another would: each earner once a day, every total", async () => {
    const upline = await registerEarner(ctx.app);
    const [a, b] = [await earnerWith(50_000_00, upline.inviteCode), await earnerWith(50_000_00, upline.inviteCode)];
    const [toA, toB] = [await saveUpi(a), await saveUpi(b)];
    const cache = new WithdrawRulesCache(0);
    const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, a.userId));
    const now = new Date();
    const item = (earner: Registered, recipientId: number) => ({ userId: earner.userId, idempotencyKey: key(), amount: RUPEES_100, recipientId, now, rules });
    const answers = await requestMany(ctx.db, [item(a, toA.id), item(b, toB.id), item(a, toA.id)]);
    expect(answers.map((x) => x.outcome)).toEqual(['created', 'created', 'created']);
    const single = await post<WithdrawOrder>('/app/pay/pay-withdraw', b.token, { amount: RUPEES_100, recipientId: toB.id, idempotencyKey: key() });
    expect(single.code).toBe(200);
    const totals = [...answers.map((x) => (JSON.parse(x.detail ?? '{}') as { total: number }).total), single.data!.total];
    const today = new Date().toISOString().slice(0, 10);
    const [report] = await ctx.db.select().from(teamDailyStats).where(and(eq(teamDailyStats.ancestorId, upline.userId), eq(teamDailyStats.day, today)));
    expect(report).toMatchObject({ withdrawalUsers: 2, withdrawalPoints: totals.reduce((sum, t) => sum + t, 0) });
    const orders = await ctx.db.select().from(withdrawOrders).where(inArray(withdrawOrders.userId, [a.userId, b.userId]));
    for (const order of orders) await waitForOrder(order.userId === a.userId ? a : b, order.id, 'success');
  });

  it('sends the orders of one job together, tries again alone the one the provider refused, and leaves it to an operator after the last attempt', async () => {
    const earner = await earnerWith(100_000_00);
    const recipient = await saveUpi(earner);
    // Orders held for approval have no job; set queued by hand, only this test's dispatch sends them.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const held = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
      ids.push(held.data!.id);
    }
    await ctx.db.update(withdrawOrders).set({ state: 'queued' }).where(inArray(withdrawOrders.id, ids));
    const [good, refused, lastTry] = ids as [number, number, number];
    const submitted: string[] = [];
    const provider = {
      name: 'refuses-some',
      async submit(order: { reference: string }) {
        submitted.push(order.reference);
        if (order.reference !== String(good)) throw new Error('provider unavailable');
        return { providerRef: order.reference };
      },
      status: async () => 'unknown' as const,
      verify: () => ({ ok: false as const, reason: 'signature' as const }),
    };
    const queue = new PayoutQueue(ctx.database, (error) => {
      throw error;
    });
    const warnings: string[] = [];
    await dispatchOrders(ctx.db, provider, queue, [{ orderId: good }, { orderId: refused }, { orderId: lastTry, attempt: DISPATCH_ATTEMPTS }], { warn: (_, message) => warnings.push(message) });
    expect(submitted.sort()).toEqual(ids.map(String).sort());
    const state = async (id: number) => (await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, id)))[0];
    expect(await state(good)).toMatchObject({ state: 'dispatched', attempts: 1, lastError: null });
    expect(await state(refused)).toMatchObject({ state: 'dispatched', attempts: 1, lastError: 'provider unavailable' });
    expect(await state(lastTry)).toMatchObject({ state: 'dispatch_failed', lastError: 'provider unavailable' });
    expect(warnings.sort()).toEqual(['payout dispatch failed, will retry', 'payout dispatch gave up']);
    // The refused order alone goes back to the outbox, as its second attempt; the app's own queue
    // then sends it to the simulator, which pays it.
    expect(await itemsFor(refused)).toEqual([{ orderId: refused, attempt: 2 }]);
    expect([...(await itemsFor(good)), ...(await itemsFor(lastTry))]).toEqual([]);
    await waitForOrder(earner, refused, 'success');
    // What gave up waits for a payout operator's retry; the one sent stays with its provider.
    expect(await state(lastTry)).toMatchObject({ state: 'dispatch_failed' });
    expect(await state(good)).toMatchObject({ state: 'dispatched' });
  });

  describe('the payout webhook', () => {
    async function pendingOrder(): Promise<{ earner: Registered; order: WithdrawOrder }> {
      const earner = await earnerWith(50_000_00);
      const recipient = await saveUpi(earner);
      // Above the approval amount, so nothing sends it before the test's own callbacks arrive.
      const body = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: HELD_AMOUNT, recipientId: recipient.id, idempotencyKey: key() });
      await ctx.db.update(withdrawOrders).set({ state: 'dispatched' }).where(eq(withdrawOrders.id, body.data!.id));
      return { earner, order: body.data! };
    }
    const secret = () => new SimulatorProvider(ctx.db, undefined as never, 0).secret();
    async function deliver(body: object, options: { secret?: string; at?: number; signature?: string } = {}) {
      const raw = JSON.stringify(body);
      const at = options.at ?? Math.floor(Date.now() / 1000);
      const signature = options.signature ?? signPayload(options.secret ?? (await secret()), at, raw);
      return ctx.app.inject({ method: 'POST', url: '/webhooks/payout/simulator', payload: raw, headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(at), [SIGNATURE_HEADER]: signature } });
    }

    it('refuses a forged, stale, unsigned or malformed delivery, changing nothing', async () => {
      const { order } = await pendingOrder();
      const paid = { eventId: key(), reference: String(order.id), status: 'paid' };
      const before = await countRows(ctx.db);
      expect((await deliver(paid, { secret: 'not-the-secret' })).statusCode).toBe(401);
      expect((await deliver(paid, { at: Math.floor(Date.now() / 1000) - 6 * 60 })).statusCode).toBe(401);
      expect((await deliver(paid, { signature: 'abc' })).statusCode).toBe(401);
      const unsigned = await ctx.app.inject({ method: 'POST', url: '/webhooks/payout/simulator', payload: JSON.stringify(paid), headers: { 'content-type': 'application/json' } });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toMatchObject({ code: 401, msg: 'The request could not be verified' });
      expect((await deliver({ ...paid, status: 'maybe' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ method: 'POST', url: '/webhooks/payout/nobody', payload: '{}' })).statusCode).toBe(404);
      expect(await countRows(ctx.db)).toEqual(before);
    });

    it('applies a callback delivered ten times once, and lets a success racing a failure end in one state', async () => {
      const { earner, order } = await pendingOrder();
      const start = await balance(earner);
      const paid = { eventId: key(), reference: String(order.id), status: 'paid' };
      const failed = { eventId: key(), reference: String(order.id), status: 'failed', reason: 'Closed account' };
      const answers = await Promise.all([...Array.from({ length: 10 }, () => deliver(paid)), ...Array.from({ length: 5 }, () => deliver(failed))]);
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const outcomes = answers.map((a) => (a.json() as { data: { outcome: string } }).data.outcome);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      const [row] = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, order.id));
      const refunds = (await get<{ items: unknown[] }>('/app/user/earnings-log?kind=refund', earner.token)).data!.items;
      if (row?.state === 'success') {
        expect(refunds).toHaveLength(0);
        expect(await balance(earner)).toBe(start);
      } else {
        expect(row?.state).toBe('failed');
        expect(refunds).toHaveLength(1);
        expect(await balance(earner)).toBe(start + order.total);
      }
    });
  });
});

describe.each(engines)('cooling-off on %s', (engine) => {
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '24' }));

  it('keeps a new or changed recipient from being paid for 24 hours, and says until when', async () => {
    const earner = await registerEarner(ctx.app);
    await postAlone(ctx.db, { userId: earner.userId, amount: 5_000_00, reason: LedgerReason.taskReward, idempotencyKey: `cool:${earner.userId}` });
    const upi = ((await call<Institution[]>(ctx.app, { method: 'GET', url: '/app/pay/institutionList?method=upi', token: earner.token })).body.data ?? [])[0]!;
    const saved = (await call<Recipient>(ctx.app, { method: 'POST', url: '/app/pay/userRecipientSave', token: earner.token, payload: { method: 'upi', institutionId: upi.id, name: 'Asha', account: 'asha@okbank' } })).body.data!;
    const until = Date.parse(saved.coolingOffUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const before = await countRows(ctx.db);
    const body = (await call(ctx.app, { method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, payload: { amount: RUPEES_100, recipientId: saved.id, idempotencyKey: key() } })).body;
    expect(body.code).toBe(1103);
    expect(body.msg).toContain(saved.coolingOffUntil!.slice(0, 10));
    expect(await countRows(ctx.db)).toEqual(before);
    // Saving the same details again does not restart the clock.
    const again = (await call<Recipient>(ctx.app, { method: 'POST', url: '/app/pay/userRecipientSave', token: earner.token, payload: { method: 'upi', institutionId: upi.id, name: 'Asha', account: 'asha@okbank' } })).body.data!;
    expect(again.coolingOffUntil).toBe(saved.coolingOffUntil);
  });
});
