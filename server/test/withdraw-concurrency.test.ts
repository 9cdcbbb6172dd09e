import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { describe, expect, it } from 'vitest';
import { balances, teamDailyStats, withdrawOrders } from '../src/db/schema';
import { creditMany, LedgerReason } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { WithdrawRulesCache } from '../src/modules/wallet/withdraw-rules.cache';
import type { PayoutQueue } from '../src/modules/wallet/payout-queue';
import { type RequestInput, requestMany, requestWithdrawal } from '../src/modules/wallet/withdrawals.service';
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

  it('sends a second statement beside the first once half a batch waits, and each earner gets one order a key', async () => {
    const tasks = await rewardTasks(ctx.db);
    const upline = await insertMember(ctx.db, null);
    const earners = [];
    for (let i = 0; i < 12; i += 1) earners.push(await funded(upline, tasks.audit));
    const ids = earners.map((e) => e.userId);
    const before = new Map((await ctx.db.select().from(balances).where(inArray(balances.userId, ids))).map((b) => [b.userId, Number(b.balance)]));
    // Rules read once beforehand, so all the requests reach the batcher before any statement is back.
    const rules = new WithdrawRulesCache(60_000);
    const currency = await rules.currencyOf(ctx.db, ids[0]!);
    await rules.of(ctx.db, currency);
    // Three requests an earner, the first two one tap sent twice: 36 at once, more than a batch.
    const keys = earners.flatMap((e) => [`twice-${e.userId}`, `twice-${e.userId}`, `once-${e.userId}`].map((k) => ({ earner: e, key: k })));
    /** Sends every request at once through a batcher of its own (one per database handle), counting its statements in flight. */
    async function burst(lines: number) {
      let inFlight = 0;
      let most = 0;
      const db = new Proxy(ctx.db, {
        get(target, property) {
          if (property === 'execute') {
            return async (...args: Parameters<Db['execute']>) => {
              inFlight += 1;
              most = Math.max(most, inFlight);
              try {
                return await target.execute(...args);
              } finally {
                inFlight -= 1;
              }
            };
          }
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      // Only the dispatch's announcement is left out: the outbox rows are the transaction's own.
      const deps = { db, queue: { relaySoon: () => undefined } as unknown as PayoutQueue, coolingOffHours: 24, rules, lines };
      const orders = await Promise.all(
        keys.map(({ earner, key }) =>
          requestWithdrawal(deps, { userId: earner.userId, currency }, { amount: 100, recipientId: earner.recipientId, idempotencyKey: key }, new Date()),
        ),
      );
      return { orders, most };
    }
    const { orders, most } = await burst(2);
    expect(most).toBe(2);
    for (const [i, earner] of earners.entries()) {
      const [first, again, other] = orders.slice(i * 3, i * 3 + 3);
      expect(again?.id).toBe(first?.id);
      expect(other?.id).not.toBe(first?.id);
      const rows = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, earner.userId));
      expect(rows).toHaveLength(2);
      const [balance] = await ctx.db.select().from(balances).where(eq(balances.userId, earner.userId));
      expect(Number(balance?.balance)).toBe(before.get(earner.userId)! - rows.reduce((sum, o) => sum + Number(o.total), 0));
    }
    const outbox = (await ctx.db.execute(sql`select count(*)::int as n from job_outbox where (data->>'orderId')::int in (select id from withdraw_orders where user_id = any(${sql.param(ids)}::int[]))`)) as unknown as { rows: { n: number }[] };
    expect(outbox.rows[0]?.n).toBe(24);
    // One line, as on PGlite: the same taps again, one statement at a time, the same orders.
    const again = await burst(1);
    expect(again.most).toBe(1);
    expect(again.orders.map((o) => o.id)).toEqual(orders.map((o) => o.id));
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);
});
