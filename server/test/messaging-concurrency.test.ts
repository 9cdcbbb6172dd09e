import { messagingSign, type PendingCode } from '@grab/shared/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers, messagingNumbers, messagingRewards, messagingSignUses, taskRuns, tasks } from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { registerEarner, testConfig, useTestContext } from './helper';
import { deliver, newNumber, requestCode, signedCall } from './messaging-fixtures';

const REWARD = 20_00;

// PGlite runs one transaction at a time: races are real only on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('messaging numbers under concurrent deliveries (postgres)', () => {
  // Five numbers' rewards a day; 20 codes an hour per earner.
  const ctx = useTestContext('postgres', testConfig({ MESSAGING_DAILY_CAP_POINTS: '100', MESSAGING_CODES_PER_HOUR_EARNER: '20' }));
  /** The earner's paid runs of the messaging task: one per number that earned. */
  const paidRuns = (userId: number) =>
    ctx.db
      .select({ id: taskRuns.id, seq: taskRuns.seq })
      .from(taskRuns)
      .innerJoin(tasks, eq(tasks.id, taskRuns.taskId))
      .where(and(eq(taskRuns.userId, userId), eq(tasks.kind, 'messaging'), eq(taskRuns.status, 'completed')));

  it('two earners claiming one number at once: it becomes one earner’s, credited once', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([registerEarner(ctx.app), registerEarner(ctx.app)]);
      const number = newNumber();
      const [codeA, codeB] = await Promise.all([requestCode(ctx.app, a, number), requestCode(ctx.app, b, number)]);
      const outcomes = await Promise.all([
        deliver(ctx.app, ctx.db, { from: number.e164, text: codeA.code }),
        deliver(ctx.app, ctx.db, { from: number.e164, text: codeB.code }),
      ]);
      expect(outcomes.map((o) => o.outcomes[0]?.outcome).sort()).toEqual(['taken', 'verified']);
      const owners = await ctx.db.select().from(messagingNumbers).where(like(messagingNumbers.phone, number.e164));
      expect(owners).toHaveLength(1);
      const winner = owners[0]!.userId === a.userId ? a : b;
      const loser = winner === a ? b : a;
      expect(await balanceOf(ctx.db, winner.userId)).toBe((await balanceOf(ctx.db, loser.userId)) + REWARD);
      expect(await ctx.db.select().from(messagingRewards).where(eq(messagingRewards.phone, number.e164))).toEqual([expect.objectContaining({ userId: winner.userId })]);
      expect(await paidRuns(winner.userId)).toHaveLength(1);
      expect(await paidRuns(loser.userId)).toHaveLength(0);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  it('the same delivery ten times at once is handled once', async () => {
    const who = await registerEarner(ctx.app);
    const number = newNumber();
    const code = await requestCode(ctx.app, who, number);
    const before = await balanceOf(ctx.db, who.userId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ctx.app, ctx.db, { from: number.e164, text: code.code, messageId: `wamid.same-${number.e164}` })));
    expect(answers.map((a) => a.outcomes[0]?.outcome).filter((o) => o === 'verified')).toHaveLength(1);
    expect(answers.map((a) => a.outcomes[0]?.outcome).filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await balanceOf(ctx.db, who.userId)).toBe(before + REWARD);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  it('twelve numbers verified at once stop at the daily cap: exactly five are credited', async () => {
    const who = await registerEarner(ctx.app);
    const before = await balanceOf(ctx.db, who.userId);
    const numbers = Array.from({ length: 12 }, () => newNumber());
    const codes: PendingCode[] = [];
    for (const number of numbers) codes.push(await requestCode(ctx.app, who, number));
    const answers = await Promise.all(numbers.map((number, i) => deliver(ctx.app, ctx.db, { from: number.e164, text: codes[i]!.code })));
    expect(answers.every((a) => a.outcomes[0]?.outcome === 'verified')).toBe(true);
    expect(await balanceOf(ctx.db, who.userId)).toBe(before + 5 * REWARD);
    // Five runs of the messaging task, each its own seq of the day and each paid once.
    const runs = await paidRuns(who.userId);
    expect(runs.map((r) => r.seq).sort()).toEqual([1, 2, 3, 4, 5]);
    const transfers = await ctx.db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, runs.map((r) => `task-run:${r.id}`)));
    expect(transfers).toHaveLength(5);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  it('one signed request replayed twenty times at once is accepted once, across the pool’s connections', async () => {
    const who = await registerEarner(ctx.app);
    const time = Date.now() - 777;
    const sign = await messagingSign('/api/user/get_appinfo', who.thirdUserId, who.thirdName);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signedCall(ctx.app, who, 'GET', '/api/user/get_appinfo', {}, { time, sign })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 10030)).toHaveLength(19);
    // By time and sign: an earlier test's call may carry the same time (it is only milliseconds).
    const kept = await ctx.db.select().from(messagingSignUses).where(and(eq(messagingSignUses.time, String(time)), eq(messagingSignUses.sign, sign)));
    expect(kept).toHaveLength(1);
  });

  it('parallel code requests for one number stop at its hourly limit', async () => {
    const earners = await Promise.all(Array.from({ length: 10 }, () => registerEarner(ctx.app)));
    const number = newNumber();
    const answers = await Promise.all(earners.map((e) => signedCall(ctx.app, e, 'POST', '/api/user/addwsnumber', { country: 'IN', phone: number.phone })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code === 429)).toHaveLength(5);
  });
});
