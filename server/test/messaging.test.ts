import { type AppInfo, ErrorCode, MESSAGING_SILENT, messagingSign, type PendingCode, type PhoneStatus, type Task } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messagingCodeRefusals, messagingRewards, messagingSignUses, taskRuns, teamRebates, userProgress } from '../src/db/schema';
import { serverSecret } from '../src/db/server-secrets';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, type Registered, registerEarner, testConfig, useTestContext } from './helper';
import { deliver, freshTime, newNumber, requestCode, signedCall } from './messaging-fixtures';

/** The demo catalogue's messaging task pays 20 points a number. */
const REWARD = 20_00;

const CALLS: { method: 'GET' | 'POST'; path: string; input: () => Record<string, string> }[] = [
  { method: 'GET', path: '/api/user/get_appinfo', input: () => ({}) },
  { method: 'GET', path: '/api/user/get_code', input: () => ({}) },
  { method: 'POST', path: '/api/user/addwsnumber', input: () => ({ country: 'IN', phone: newNumber().phone }) },
  { method: 'GET', path: '/api/user/get_phonestatus', input: () => ({ phone: newNumber().e164 }) },
  { method: 'POST', path: '/api/user/dwsaccount', input: () => ({ phone: newNumber().e164 }) },
  { method: 'POST', path: '/api/user/simulate_send', input: () => ({ phone: newNumber().e164, text: '123456' }) },
];

describe.each(engines)('messaging API on %s', (engine) => {
  // A cap of three numbers' rewards, so the cap is reached in a few steps.
  const ctx = useTestContext(engine, testConfig({ GRAB_TEST_HOOKS: '1', MESSAGING_DAILY_CAP_POINTS: '60' }));
  let earner: Registered;
  beforeAll(async () => {
    earner = await registerEarner(ctx.app);
  });
  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const status = async (who: Registered, phone: string) => (await signedCall<PhoneStatus>(ctx.app, who, 'GET', '/api/user/get_phonestatus', { phone })).body;
  const info = async (who: Registered) => (await signedCall<AppInfo>(ctx.app, who, 'GET', '/api/user/get_appinfo')).body.data!;

  it('answers get_appinfo with the official account, code validity, the cap and no numbers yet, code 0', async () => {
    const { status: http, body } = await signedCall<AppInfo>(ctx.app, earner, 'GET', '/api/user/get_appinfo');
    expect(http).toBe(200);
    expect(body).toEqual({
      code: 0,
      data: { officialAccount: '+10000000000', codeValidSeconds: 600, dailyCap: 60_00, earnedToday: 0, reward: REWARD, eligibility: null, simulator: true, numbers: [] },
      message: 'ok',
    });
  });

  describe.each(CALLS)('$method $path', ({ method, path, input }) => {
    it('needs the token: HTTP 401 in the messaging envelope', async () => {
      const { status: http, body } = await signedCall(ctx.app, earner, method, path, input(), { token: null });
      expect(http).toBe(401);
      expect(body).toEqual({ code: 401, data: null, message: 'Please log in again' });
    });

    it('refuses a time more than five minutes off', async () => {
      for (const time of [Date.now() - 5 * 60_000 - 5_000, Date.now() + 6 * 60_000]) {
        const { status: http, body } = await signedCall(ctx.app, earner, method, path, input(), { time });
        expect(http).toBe(400);
        expect(body).toMatchObject({ code: ErrorCode.staleTime, data: null });
      }
    });

    it('refuses a wrong sign, a sign of another path and a wrong verification hash', async () => {
      const other = await registerEarner(ctx.app);
      const before = await countRows(ctx.db);
      for (const options of [{ sign: 'a'.repeat(64) }, { verify: 'b'.repeat(64) }]) {
        const { status: http, body } = await signedCall(ctx.app, earner, method, path, input(), options);
        expect(http).toBe(400);
        expect(body).toMatchObject({ code: ErrorCode.badSign, data: null, message: 'The request could not be verified' });
      }
      // Another earner's sign with this earner's token.
      const { body } = await signedCall(ctx.app, { ...earner, thirdUserId: other.thirdUserId }, method, path, input());
      expect(body.code).toBe(ErrorCode.badSign);
      expect(await countRows(ctx.db)).toEqual(before);
    });

    it('accepts a (time, sign) pair once: the replay gets code 10030, which the client shows no dialog for', async () => {
      const time = Date.now() - 1234;
      const values = input();
      await signedCall(ctx.app, earner, method, path, values, { time });
      const before = await countRows(ctx.db);
      const { body } = await signedCall(ctx.app, earner, method, path, values, { time });
      expect(body).toMatchObject({ code: MESSAGING_SILENT, data: null });
      // Nor is the same instant written another way a new pair.
      const padded = await signedCall(ctx.app, earner, method, path, values, { time: `0${time}` });
      expect(padded.body).toMatchObject({ code: ErrorCode.staleTime, data: null });
      expect(await countRows(ctx.db)).toEqual(before);
    });
  });

  /**
   * A (time, sign) pair is used up only by a request that is served. An input the server refuses,
   * by the contract or because the number is not one of its country's, leaves every row as it was,
   * so the corrected request, sent with the same time and sign as a client's retry is, is served.
   */
  describe('an input refused before it is served uses up nothing', () => {
    interface Correction {
      what: string;
      method: 'GET' | 'POST';
      path: string;
      /** Readies the earner's number and answers the refused input and the corrected one. */
      prepare(who: Registered, number: ReturnType<typeof newNumber>): Promise<{ bad: Record<string, string>; good: Record<string, string> }>;
      /** What the served request answers. */
      served: unknown;
    }
    const ask = async (who: Registered, number: ReturnType<typeof newNumber>) => (await requestCode(ctx.app, who, number)).code;
    const CORRECTIONS: Correction[] = [
      {
        what: 'a phone number too short for the contract',
        method: 'POST',
        path: '/api/user/addwsnumber',
        prepare: async (_who, number) => ({ bad: { country: 'IN', phone: '12' }, good: { country: 'IN', phone: number.phone } }),
        served: { phone: expect.stringMatching(/^\+91\d{10}$/), code: expect.stringMatching(/^\d{6}$/) },
      },
      {
        what: 'a country written wrong',
        method: 'POST',
        path: '/api/user/addwsnumber',
        prepare: async (_who, number) => ({ bad: { country: 'india', phone: number.phone }, good: { country: 'IN', phone: number.phone } }),
        served: { phone: expect.stringMatching(/^\+91\d{10}$/), code: expect.stringMatching(/^\d{6}$/) },
      },
      {
        what: 'a number that is not an Indian mobile number',
        method: 'POST',
        path: '/api/user/addwsnumber',
        prepare: async (_who, number) => ({ bad: { country: 'IN', phone: '12345' }, good: { country: 'IN', phone: number.phone } }),
        served: { phone: expect.stringMatching(/^\+91\d{10}$/), code: expect.stringMatching(/^\d{6}$/) },
      },
      {
        what: 'a number without its country code',
        method: 'GET',
        path: '/api/user/get_phonestatus',
        prepare: async (who, number) => {
          await ask(who, number);
          return { bad: { phone: number.phone }, good: { phone: number.e164 } };
        },
        served: { state: 'waiting' },
      },
      {
        what: 'an empty message',
        method: 'POST',
        path: '/api/user/simulate_send',
        prepare: async (who, number) => ({ bad: { phone: number.e164, text: '' }, good: { phone: number.e164, text: await ask(who, number) } }),
        served: { outcome: 'verified' },
      },
      {
        what: 'a number without its country code',
        method: 'POST',
        path: '/api/user/dwsaccount',
        prepare: async (who, number) => {
          await deliver(ctx.app, ctx.db, { from: number.e164, text: await ask(who, number) });
          return { bad: { phone: number.phone }, good: { phone: number.e164 } };
        },
        served: { deleted: true },
      },
    ];

    it.each(CORRECTIONS)('$method $path with $what', async ({ method, path, prepare, served }) => {
      const who = await registerEarner(ctx.app);
      const number = newNumber();
      const { bad, good } = await prepare(who, number);
      const time = freshTime();
      const before = await countRows(ctx.db);

      const refused = await signedCall(ctx.app, who, method, path, bad, { time, language: 'ur-PK' });
      expect(refused).toMatchObject({ status: 400, body: { code: ErrorCode.validation, data: null } });
      // A message the earner reads, in their language.
      expect(refused.body.message).not.toMatch(/[a-z]{4}/);
      expect(await countRows(ctx.db)).toEqual(before);

      // The retry carries the same time and sign: it is not taken for a replay.
      const answer = await signedCall(ctx.app, who, method, path, good, { time });
      expect(answer.body).toMatchObject({ code: 0, data: served, message: 'ok' });
      const pairs = await ctx.db.select().from(messagingSignUses).where(eq(messagingSignUses.time, String(time)));
      expect(pairs.map((p) => p.sign)).toEqual([await messagingSign(path, who.thirdUserId, who.thirdName)]);
      // And now that it was served, the pair is spent.
      expect((await signedCall(ctx.app, who, method, path, good, { time })).body).toMatchObject({ code: MESSAGING_SILENT, data: null });
    });
  });

  it('verifies a number when its code arrives from it: listed, online, the reward credited once', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const before = await balanceOf(ctx.db, who.userId);
    const code = await requestCode(ctx.app, who, number);
    expect(code).toMatchObject({ phone: number.e164, country: 'IN', link: `https://wa.me/10000000000?text=${code.code}` });
    expect(code.code).toMatch(/^\d{6}$/);
    expect((await signedCall<PendingCode>(ctx.app, who, 'GET', '/api/user/get_code')).body.data).toEqual(code);
    expect(await status(who, number.e164)).toMatchObject({ code: 0, data: { state: 'waiting', online: false } });

    const delivered = await deliver(ctx.app, ctx.db, { from: number.e164, text: `My code is ${code.code}` });
    expect(delivered.status).toBe(200);
    expect(delivered.outcomes).toEqual([{ id: expect.any(String), outcome: 'verified' }]);
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'verified', online: true, reward: REWARD, capped: false });
    expect(await balanceOf(ctx.db, who.userId)).toBe(before + REWARD);
    const appInfo = await info(who);
    expect(appInfo.numbers).toEqual([{ phone: number.e164, country: 'IN', verifiedAt: expect.any(String), online: true, reward: REWARD }]);
    expect(appInfo.earnedToday).toBe(REWARD);
    expect((await signedCall(ctx.app, who, 'GET', '/api/user/get_code')).body.data).toBeNull();

    // The same delivery again (the provider retries): handled once.
    const rows = await countRows(ctx.db);
    const again = await ctx.app.inject({ method: 'POST', url: '/webhooks/messaging', payload: delivered.raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': (await import('../src/modules/messaging/provider-signature')).signBody(delivered.raw, await serverSecret(ctx.db, 'messaging-app-secret')) } });
    expect(again.json()).toMatchObject({ data: { outcomes: [{ outcome: 'duplicate' }] } });
    expect(await countRows(ctx.db)).toEqual(rows);
    expect(await balanceOf(ctx.db, who.userId)).toBe(before + REWARD);
  });

  it("pays a number as a run of the messaging task: Home's progress, level points and the inviter's rebate", async () => {
    const inviter = await registerEarner(ctx.app);
    const who = await registerEarner(ctx.app, inviter.inviteCode);
    const number = newNumber();
    await deliver(ctx.app, ctx.db, { from: number.e164, text: (await requestCode(ctx.app, who, number)).code });
    const hall = (await call<Task[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: who.token })).body.data ?? [];
    expect(hall.find((t) => t.kind === 'messaging')).toMatchObject({ progress: { done: 1, total: 3 }, status: 'notStarted' });
    const runs = await ctx.db.select().from(taskRuns).where(eq(taskRuns.userId, who.userId));
    expect(runs).toEqual([expect.objectContaining({ status: 'completed', rewardPaid: REWARD, seq: 1 })]);
    expect((await ctx.db.select().from(userProgress).where(eq(userProgress.userId, who.userId)))[0]?.taskPoints).toBe(REWARD);
    // 3 % to the inviter, held until the invitee's first approved audit task, as on every task reward.
    const rebates = await ctx.db.select().from(teamRebates).where(eq(teamRebates.runId, runs[0]!.id));
    expect(rebates).toEqual([expect.objectContaining({ uplineId: inviter.userId, depth: 1, amount: (REWARD * 3) / 100 })]);
  });

  it('refuses forged and unsigned deliveries and changes nothing', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const code = await requestCode(ctx.app, who, number);
    const before = await countRows(ctx.db);
    for (const signature of [null, `sha256=${'0'.repeat(64)}`, 'sha256=nothex', '']) {
      const answer = await deliver(ctx.app, ctx.db, { from: number.e164, text: code.code }, signature);
      expect(answer.status).toBe(401);
    }
    expect(await countRows(ctx.db)).toEqual(before);
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'waiting' });
  });

  it('answers a signed delivery of an unknown code, or from another number, without verifying anything', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const code = await requestCode(ctx.app, who, number);
    const wrongCode = String((Number(code.code) + 1) % 1_000_000).padStart(6, '0');
    expect((await deliver(ctx.app, ctx.db, { from: number.e164, text: wrongCode })).outcomes[0]?.outcome).toBe('unknown_code');
    expect((await deliver(ctx.app, ctx.db, { from: newNumber().e164, text: code.code })).outcomes[0]?.outcome).toBe('unknown_code');
    expect((await deliver(ctx.app, ctx.db, { from: number.e164, text: 'hello' })).outcomes[0]?.outcome).toBe('unknown_code');
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'waiting' });
    expect((await info(who)).numbers).toEqual([]);
  });

  it('a code that arrives after it expired verifies nothing (test clock)', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const code = await requestCode(ctx.app, who, number);
    await call(ctx.app, { method: 'POST', url: '/test/clock', token: who.token, payload: { offsetMs: 11 * 60_000 } });
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'expired' });
    expect((await signedCall(ctx.app, who, 'GET', '/api/user/get_code')).body.data).toBeNull();
    const before = await balanceOf(ctx.db, who.userId);
    expect((await deliver(ctx.app, ctx.db, { from: number.e164, text: code.code })).outcomes[0]?.outcome).toBe('expired');
    expect((await info(who)).numbers).toEqual([]);
    expect(await balanceOf(ctx.db, who.userId)).toBe(before);
    await call(ctx.app, { method: 'POST', url: '/test/clock', token: who.token, payload: { offsetMs: 0 } });
  });

  it("refuses a code for another earner's number, and a number verified meanwhile stays its first earner's", async () => {
    const first = await registerEarner(ctx.app);
    const second = await registerEarner(ctx.app);
    const number = newNumber();
    const firstCode = await requestCode(ctx.app, first, number);
    const secondCode = await requestCode(ctx.app, second, number);
    expect((await deliver(ctx.app, ctx.db, { from: number.e164, text: firstCode.code })).outcomes[0]?.outcome).toBe('verified');
    const refused = await signedCall(ctx.app, second, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: number.phone }, { language: 'ur-PK' });
    expect(refused.body).toMatchObject({ code: ErrorCode.numberTaken, data: null, message: 'یہ نمبر پہلے ہی کسی دوسرے اکاؤنٹ پر تصدیق شدہ ہے' });
    expect((await deliver(ctx.app, ctx.db, { from: number.e164, text: secondCode.code })).outcomes[0]?.outcome).toBe('taken');
    expect((await info(second)).numbers).toEqual([]);
    // Nor may the second earner read or delete it.
    expect((await status(second, number.e164)).data).toMatchObject({ state: 'waiting', online: false });
    expect((await signedCall(ctx.app, second, 'POST', '/api/user/dwsaccount', { phone: number.e164 })).body.code).toBe(ErrorCode.numberUnknown);
    expect((await info(first)).numbers.map((n) => n.phone)).toEqual([number.e164]);
    // And the first cannot ask a code for a number already theirs.
    expect((await signedCall(ctx.app, first, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: number.phone })).body.code).toBe(ErrorCode.numberAlreadyVerified);
  });

  it('delete then add again: listed again, but the number never earns twice, for anyone', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    await deliver(ctx.app, ctx.db, { from: number.e164, text: (await requestCode(ctx.app, who, number)).code });
    const afterFirst = await balanceOf(ctx.db, who.userId);
    expect((await signedCall(ctx.app, who, 'POST', '/api/user/dwsaccount', { phone: number.e164 })).body).toEqual({ code: 0, data: { deleted: true }, message: 'ok' });
    expect((await info(who)).numbers).toEqual([]);
    expect((await signedCall(ctx.app, who, 'POST', '/api/user/dwsaccount', { phone: number.e164 })).body.code).toBe(ErrorCode.numberUnknown);

    await deliver(ctx.app, ctx.db, { from: number.e164, text: (await requestCode(ctx.app, who, number)).code });
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'verified', reward: 0, capped: false });
    // The list says what the number earned this earner, once.
    expect((await info(who)).numbers).toEqual([expect.objectContaining({ phone: number.e164, reward: REWARD })]);
    expect(await balanceOf(ctx.db, who.userId)).toBe(afterFirst);

    // Deleted again and verified by another earner: still nothing.
    await signedCall(ctx.app, who, 'POST', '/api/user/dwsaccount', { phone: number.e164 });
    const other = await registerEarner(ctx.app);
    const otherBefore = await balanceOf(ctx.db, other.userId);
    await deliver(ctx.app, ctx.db, { from: number.e164, text: (await requestCode(ctx.app, other, number)).code });
    expect(await balanceOf(ctx.db, other.userId)).toBe(otherBefore);
    const rewards = await ctx.db.select().from(messagingRewards).where(eq(messagingRewards.phone, number.e164));
    expect(rewards).toEqual([expect.objectContaining({ userId: who.userId, amount: REWARD })]);
  });

  it('counts rewards against the daily cap: past it a number is verified without points, and no new code is given', async () => {
    const who = await registerEarner(ctx.app);
    const before = await balanceOf(ctx.db, who.userId);
    const numbers = [newNumber(), newNumber(), newNumber(), newNumber()];
    const codes: PendingCode[] = [];
    for (const number of numbers) codes.push(await requestCode(ctx.app, who, number));
    for (const [i, number] of numbers.entries()) await deliver(ctx.app, ctx.db, { from: number.e164, text: codes[i]!.code });
    // 60 points a day, 20 a number: three earn, the fourth is verified and held back by the cap.
    expect(await balanceOf(ctx.db, who.userId)).toBe(before + 3 * REWARD);
    expect((await status(who, numbers[3]!.e164)).data).toMatchObject({ state: 'verified', reward: 0, capped: true });
    expect((await info(who)).earnedToday).toBe(60_00);
    // Three runs of the day's period: the day's three on Home are done.
    const hall = (await call<Task[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: who.token })).body.data ?? [];
    expect(hall.find((t) => t.kind === 'messaging')).toMatchObject({ progress: { done: 3, total: 3 }, status: 'completed' });
    expect((await ctx.db.select().from(taskRuns).where(eq(taskRuns.userId, who.userId))).map((r) => r.seq).sort()).toEqual([1, 2, 3]);
    const refused = await signedCall(ctx.app, who, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: newNumber().phone });
    expect(refused.body).toMatchObject({ code: ErrorCode.messagingCapReached, data: null });
    expect(refused.body.message).toMatch(/today's limit/);
  });

  it('limits codes per number and per earner each hour', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    for (let i = 0; i < 5; i++) await requestCode(ctx.app, who, number);
    const perNumber = await signedCall(ctx.app, who, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: number.phone });
    expect(perNumber).toMatchObject({ status: 429, body: { code: 429, data: null } });
    for (let i = 0; i < 5; i++) await requestCode(ctx.app, who, newNumber());
    const perEarner = await signedCall(ctx.app, who, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: newNumber().phone });
    expect(perEarner.body.code).toBe(429);
  });

  it("asking about other earners' numbers counts toward the hourly limit, and past it nothing tells whose a number is", async () => {
    const owner = await registerEarner(ctx.app);
    const prober = await registerEarner(ctx.app);
    const owned = newNumber();
    await deliver(ctx.app, ctx.db, { from: owned.e164, text: (await requestCode(ctx.app, owner, owned)).code });
    // Ten refusals are the earner's ten tries of the hour (MESSAGING_CODES_PER_HOUR_EARNER).
    for (let i = 0; i < 10; i++) {
      const { body } = await signedCall(ctx.app, prober, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: owned.phone });
      expect(body.code).toBe(ErrorCode.numberTaken);
    }
    const owners = await signedCall(ctx.app, prober, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: owned.phone });
    const strangers = await signedCall(ctx.app, prober, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: newNumber().phone });
    expect(owners).toMatchObject({ status: 429, body: { code: 429, data: null } });
    expect(strangers.body).toEqual(owners.body);
    // An hour later the earner may ask again, and the old refusals are gone.
    await call(ctx.app, { method: 'POST', url: '/test/clock', token: prober.token, payload: { offsetMs: 61 * 60_000 } });
    expect((await signedCall(ctx.app, prober, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: owned.phone })).body.code).toBe(ErrorCode.numberTaken);
    expect(await ctx.db.select().from(messagingCodeRefusals).where(eq(messagingCodeRefusals.userId, prober.userId))).toHaveLength(1);
    await call(ctx.app, { method: 'POST', url: '/test/clock', token: prober.token, payload: { offsetMs: 0 } });
  });

  it('refuses a number that is not valid for its country, in the earner’s language', async () => {
    for (const phone of ['12345', '0000000000']) {
      const { body } = await signedCall(ctx.app, earner, 'POST', '/api/user/addwsnumber', { country: 'IN', phone }, { language: 'ur-PK' });
      expect(body).toMatchObject({ code: ErrorCode.validation, data: null });
      expect(body.message).not.toMatch(/[a-z]{4}/);
    }
    const { body } = await signedCall(ctx.app, earner, 'POST', '/api/user/addwsnumber', { country: 'ZZ', phone: '9876543210' });
    expect(body.code).toBe(ErrorCode.validation);
  });

  it('answers the provider handshake only with the verify token', async () => {
    const token = await serverSecret(ctx.db, 'messaging-verify-token');
    const ok = await ctx.app.inject({ method: 'GET', url: `/webhooks/messaging?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({ method: 'GET', url: '/webhooks/messaging?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('"1"');
  });

  it('the simulator sends a code through the signed webhook', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const code = await requestCode(ctx.app, who, number);
    const { body } = await signedCall<{ outcome: string }>(ctx.app, who, 'POST', '/api/user/simulate_send', { phone: number.e164, text: code.code });
    expect(body).toEqual({ code: 0, data: { outcome: 'verified' }, message: 'ok' });
    expect((await status(who, number.e164)).data).toMatchObject({ state: 'verified' });
  });
});

describe('messaging simulator in production', () => {
  const ctx = useTestContext('pglite', testConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }));
  it('is not there', async () => {
    const earner = await registerEarner(ctx.app);
    const { status, body } = await signedCall(ctx.app, earner, 'POST', '/api/user/simulate_send', { phone: '+919876543210', text: '123456' });
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });
});
