import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, teamDailyStats, withdrawOrders } from '../src/db/schema';
import { creditMany, LedgerReason } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { WithdrawRulesCache } from '../src/modules/wallet/withdraw-rules.cache';
import { type RequestInput, requestMany } from '../src/modules/wallet/withdrawals.service';
import { BOOKS_HOLD } from './books';
import { useTestContext } from './helper';
import { insertMember, payReward, rewardTasks } from './team-fixtures';

// Two batches of withdrawal requests in flight at once (two server processes, or one process with
// two statements out) whose earners share uplines. Only real connections on real PostgreSQL show
// whether their team rollups queue or deadlock.
describe.skipIf(!process.env.DATABASE_URL)('withdrawal batches of one team at once (postgres)', () => {
  const ctx = useTestContext('postgres');

  /** A member under `upline` with points to withdraw and a UPI recipient past its cooling-off. */
  async function funded(upline: number, taskId: number): Promise<{ userId: number; recipientId: number }> {
    const userId = await insertMember(ctx.db, upline);
    await payReward(ctx.db, userId, taskId, 5_000_00);
    const rows = (await ctx.db.execute(sql`
      insert into recipients (user_id, method, institution_id, name, account, cooling_off_until)
      select ${userId}::int, 'upi', id, 'Team Member', ${`m${userId}@okbank`}, now() - interval '1 day'
      from institutions where method = 'upi' order by id limit 1
      returning id`)) as unknown as { rows: { id: number }[] };
    return { userId, recipientId: rows.rows[0]!.id };
  }

  it('decides two batches whose earners share uplines in crossed order, every rollup counted once', async () => {
    const tasks = await rewardTasks(ctx.db);
    const cache = new WithdrawRulesCache(0);
    for (let round = 0; round < 8; round += 1) {
      const [x, y] = [await insertMember(ctx.db, null), await insertMember(ctx.db, null)];
      // Ids ascend a1 < b1 < a2 < b2, and a batch takes its earners in id order: item by item, batch A
      // would reach one upline's rollup first and batch B the other's.
      const a1 = await funded(x, tasks.audit);
      const b1 = await funded(y, tasks.audit);
      const a2 = await funded(y, tasks.audit);
      const b2 = await funded(x, tasks.audit);
      const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, a1.userId));
      const now = new Date();
      const item = (m: { userId: number; recipientId: number }): RequestInput => ({
        userId: m.userId,
        idempotencyKey: `crossed-${round}-${m.userId}`,
        amount: 100,
        recipientId: m.recipientId,
        now,
        rules,
      });
      const settled = await Promise.allSettled([requestMany(ctx.db, [item(a1), item(a2)]), requestMany(ctx.db, [item(b1), item(b2)])]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.map((v) => v.outcome) : String((s.reason as Error).cause ?? s.reason)))).toEqual([
        ['created', 'created'],
        ['created', 'created'],
      ]);

      const orders = await ctx.db.select().from(withdrawOrders).where(inArray(withdrawOrders.userId, [a1.userId, a2.userId, b1.userId, b2.userId]));
      expect(orders).toHaveLength(4);
      const totalOf = (userId: number) => Number(orders.find((o) => o.userId === userId)?.total);
      const today = new Date().toISOString().slice(0, 10);
      const stats = await ctx.db
        .select()
        .from(teamDailyStats)
        .where(and(inArray(teamDailyStats.ancestorId, [x, y]), eq(teamDailyStats.day, today)));
      const of = (id: number) => stats.find((s) => s.ancestorId === id);
      expect(of(x)).toMatchObject({ withdrawalUsers: 2, withdrawalPoints: totalOf(a1.userId) + totalOf(b2.userId) });
      expect(of(y)).toMatchObject({ withdrawalUsers: 2, withdrawalPoints: totalOf(a2.userId) + totalOf(b1.userId) });
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);

  it('decides a batch while the same earners are credited (rebates, rewards): both finish, every point counted', async () => {
    const tasks = await rewardTasks(ctx.db);
    const cache = new WithdrawRulesCache(0);
    const upline = await insertMember(ctx.db, null);
    for (let round = 0; round < 8; round += 1) {
      const earners = [await funded(upline, tasks.audit), await funded(upline, tasks.audit), await funded(upline, tasks.audit)];
      const ids = earners.map((e) => e.userId);
      const before = new Map((await ctx.db.select().from(balances).where(inArray(balances.userId, ids))).map((b) => [b.userId, Number(b.balance)]));
      const rules = await cache.of(ctx.db, await cache.currencyOf(ctx.db, ids[0]!));
      const now = new Date();
      const items = earners.map((m) => ({ userId: m.userId, idempotencyKey: `credited-${round}-${m.userId}`, amount: 100, recipientId: m.recipientId, now, rules }));
      // Credits take balances as every payment does (ledger_credit_many, as a task reward's); the batch takes them too.
      const credits = sql.join(
        ids.map((id) => sql`select ${id}::int as user_id, 1000::bigint as amount, ${`credit-test:${round}:${id}`}::text as idempotency_key`),
        sql` union all `,
      );
      const settled = await Promise.allSettled([
        requestMany(ctx.db, items),
        ctx.db.transaction((tx) => creditMany(tx, 'rewards', LedgerReason.taskReward, credits)),
      ]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? 'ok' : String((s.reason as Error).cause ?? s.reason)))).toEqual(['ok', 'ok']);
      const answers = (settled[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof requestMany>>>).value;
      expect(answers.map((a) => a.outcome)).toEqual(['created', 'created', 'created']);
      const orders = await ctx.db.select().from(withdrawOrders).where(inArray(withdrawOrders.userId, ids));
      for (const b of await ctx.db.select().from(balances).where(inArray(balances.userId, ids))) {
        const total = Number(orders.find((o) => o.userId === b.userId)?.total);
        expect(Number(b.balance)).toBe(before.get(b.userId)! - total + 1000);
      }
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);
});
