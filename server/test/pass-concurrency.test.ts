import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { passBatch, passOne } from '../src/modules/reviews/reviews.repository';
import { reconcile } from '../src/modules/wallet/reconcile';
import { WithdrawRulesCache } from '../src/modules/wallet/withdraw-rules.cache';
import { requestMany } from '../src/modules/wallet/withdrawals.service';
import { BOOKS_HOLD } from './books';
import { useTestContext } from './helper';
import { auditRun } from './reviews-fixtures';
import { insertMember, payReward, rewardTasks } from './team-fixtures';

// Two review pass batches in flight at once (two server processes, each with its own batcher) whose
// earners are one team. Only real connections on real PostgreSQL show whether they queue or deadlock.
describe.skipIf(!process.env.DATABASE_URL)('review pass batches of one team at once (postgres)', () => {
  const ctx = useTestContext('postgres');

  /** A first audit run under review for the member, with its submission: passing it verifies them. */
  async function pending(userId: number): Promise<number> {
    const run = await auditRun(ctx.db, userId, 100_00);
    const rows = (await ctx.db.execute(sql`
      insert into submissions (run_id, user_id, task_id, pictures, status, deadline_at)
      values (${run.runId}, ${userId}, ${run.taskId}, '[]'::jsonb, 'underReview', now() + interval '7 days')
      returning id`)) as unknown as { rows: { id: number }[] };
    return rows.rows[0]!.id;
  }

  /** A second handle on the same pool: its statements go out on other connections, as from another process. */
  const secondProcess = () => drizzle((ctx.db as unknown as { $client: never }).$client, { schema }) as unknown as Db;

  /** y invited x, x invited z: ids ascend y < x < z. */
  async function chain(): Promise<{ y: number; x: number; z: number }> {
    const y = await insertMember(ctx.db, null);
    const x = await insertMember(ctx.db, y);
    return { y, x, z: await insertMember(ctx.db, x) };
  }

  it('passes two batches that take one team in crossed order, each paying every rebate once', async () => {
    const other = secondProcess();
    // The statement before 0027 deadlocked in one round of 6 to 16 here: 32 rounds catch it.
    for (let round = 0; round < 32; round += 1) {
      // A batch passing x takes x, then y for x's progress and rebate; one passing y and z takes z
      // and y, then x for z's.
      const { y, x, z } = await chain();
      const w = await insertMember(ctx.db, null);
      const [sx, sy, sz, sw] = [await pending(x), await pending(y), await pending(z), await pending(w)];
      const now = new Date();
      const settled = await Promise.allSettled([
        passBatch(ctx.db, [
          { submissionId: sx, reviewer: null, now },
          { submissionId: sw, reviewer: null, now },
        ]),
        passBatch(other, [
          { submissionId: sy, reviewer: null, now },
          { submissionId: sz, reviewer: null, now },
        ]),
      ]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.map((v) => v.outcome) : String((s.reason as Error).cause ?? s.reason)))).toEqual([
        ['passed', 'passed'],
        ['passed', 'passed'],
      ]);

      // Each reward once, and each upline's rebates at 3 % (depth 1) and 2 % (depth 2) of it.
      expect(await balanceOf(ctx.db, z)).toBe(100_00);
      expect(await balanceOf(ctx.db, x)).toBe(100_00 + 3_00);
      expect(await balanceOf(ctx.db, y)).toBe(100_00 + 3_00 + 2_00);
      const progress = await ctx.db.select().from(schema.userProgress).where(inArray(schema.userProgress.userId, [x, y, z]));
      const of = (id: number) => progress.find((p) => p.userId === id);
      expect(of(y)).toMatchObject({ taskPoints: 100_00, activeInvitees: 1 });
      expect(of(x)).toMatchObject({ taskPoints: 100_00, activeInvitees: 1 });
      expect(of(z)).toMatchObject({ taskPoints: 100_00, activeInvitees: 0 });
      const paid = await ctx.db
        .select()
        .from(schema.teamRebates)
        .where(and(inArray(schema.teamRebates.earnerId, [x, z]), eq(schema.teamRebates.status, 'paid')));
      expect(paid).toHaveLength(3);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);

  it('passes one submission alone while a batch takes the same team in crossed order', async () => {
    const other = secondProcess();
    for (let round = 0; round < 16; round += 1) {
      const { y, x, z } = await chain();
      const [sx, sy, sz] = [await pending(x), await pending(y), await pending(z)];
      const now = new Date();
      const settled = await Promise.allSettled([
        passOne(ctx.db, { submissionId: sx, reviewer: null, now }).then((a) => [a.outcome]),
        passBatch(other, [
          { submissionId: sy, reviewer: null, now },
          { submissionId: sz, reviewer: null, now },
        ]).then((answers) => answers.map((a) => a.outcome)),
      ]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String((s.reason as Error).cause ?? s.reason)))).toEqual([['passed'], ['passed', 'passed']]);
      expect(await balanceOf(ctx.db, y)).toBe(100_00 + 3_00 + 2_00);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);

  it('passes a batch while a withdrawal batch takes balances of the same team', async () => {
    const other = secondProcess();
    const tasks = await rewardTasks(ctx.db);
    const cache = new WithdrawRulesCache(0);
    /** Points to withdraw and a UPI recipient past its cooling-off. */
    async function funded(userId: number): Promise<number> {
      await payReward(ctx.db, userId, tasks.audit, 5_000_00);
      const rows = (await ctx.db.execute(sql`
        insert into recipients (user_id, method, institution_id, name, account, cooling_off_until)
        select ${userId}::int, 'upi', id, 'Team Member', ${`p${userId}@okbank`}, now() - interval '1 day'
        from institutions where method = 'upi' order by id limit 1
        returning id`)) as unknown as { rows: { id: number }[] };
      return rows.rows[0]!.id;
    }
    for (let round = 0; round < 16; round += 1) {
      // The pass takes z and y, then x for z's rebate; the withdrawals take x, then y.
      const { y, x, z } = await chain();
      const [rx, ry] = [await funded(x), await funded(y)];
      const [sy, sz] = [await pending(y), await pending(z)];
      const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, x));
      const now = new Date();
      const withdrawal = (userId: number, recipientId: number) => ({ userId, idempotencyKey: `team-${round}-${userId}`, amount: 100, recipientId, now, rules });
      const settled = await Promise.allSettled([
        passBatch(ctx.db, [
          { submissionId: sy, reviewer: null, now },
          { submissionId: sz, reviewer: null, now },
        ]).then((answers) => answers.map((a) => a.outcome)),
        requestMany(other, [withdrawal(x, rx), withdrawal(y, ry)]).then((answers) => answers.map((a) => a.outcome)),
      ]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String((s.reason as Error).cause ?? s.reason)))).toEqual([
        ['passed', 'passed'],
        ['created', 'created'],
      ]);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);
});
