import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, rebateRates, teamRebates } from '../src/db/schema';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { useTestContext } from './helper';
import { BOOKS_HOLD } from './books';
import { insertMember, passedRun, payReward, rewardTasks } from './team-fixtures';

// Payments in one team lock the same upline balances and rollups: only real connections, on real
// PostgreSQL, show whether they queue or deadlock, and whether a rebate is ever paid twice.
describe.skipIf(!process.env.DATABASE_URL)('rebates under concurrent payments (postgres)', () => {
  const ctx = useTestContext('postgres');

  const balanceOf = async (ids: number[]) => {
    const rows = await ctx.db.select().from(balances).where(inArray(balances.userId, ids));
    return new Map(rows.map((r) => [r.userId, Number(r.balance)]));
  };

  /** A five-level chain of uplines, top first. */
  async function chainOfFive(): Promise<number[]> {
    const chain: number[] = [];
    for (let i = 0; i < 5; i += 1) chain.push(await insertMember(ctx.db, chain.at(-1) ?? null));
    return chain;
  }

  it('pays 50 rewards of one team at once with every rebate exact and once', async () => {
    const tasks = await rewardTasks(ctx.db);
    const chain = await chainOfFive();
    const bps = new Map((await ctx.db.select().from(rebateRates)).map((r) => [r.depth, r.bps]));
    // Ten members under the last upline, each verified first, then five rewards each, all at once.
    const members: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const member = await insertMember(ctx.db, chain.at(-1)!);
      await payReward(ctx.db, member, tasks.audit, 1_00);
      members.push(member);
    }
    const before = await balanceOf(chain);
    const runs: number[] = [];
    for (const member of members) for (let k = 0; k < 5; k += 1) runs.push(await passedRun(ctx.db, member, tasks.joinGroup, 10_00 + k));

    const results = await Promise.allSettled(runs.map((runId) => ctx.db.transaction((tx) => payRun(tx, runId))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const after = await balanceOf(chain);
    const perMemberRewards = [10_00, 10_01, 10_02, 10_03, 10_04];
    for (const [index, upline] of chain.entries()) {
      const depth = chain.length - index;
      const share = perMemberRewards.reduce((sum, points) => sum + Math.floor((points * bps.get(depth)!) / 10_000), 0) * members.length;
      expect((after.get(upline) ?? 0) - (before.get(upline) ?? 0), `upline at depth ${depth}`).toBe(share);
    }
    const rows = await ctx.db.select().from(teamRebates).where(inArray(teamRebates.runId, runs));
    expect(rows).toHaveLength(runs.length * 5);
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 60_000);

  it('pays a reward racing the release of held rebates: every rebate once, none left held', async () => {
    const tasks = await rewardTasks(ctx.db);
    for (let round = 0; round < 8; round += 1) {
      const inviter = await insertMember(ctx.db, null);
      const invitee = await insertMember(ctx.db, inviter);
      // Held: the invitee has no approved audit task yet.
      await payReward(ctx.db, invitee, tasks.joinGroup, 100_00);
      const racing = await passedRun(ctx.db, invitee, tasks.joinGroup, 200_00);
      const verifying = await passedRun(ctx.db, invitee, tasks.audit, 50_00);
      const order = round % 2 === 0 ? [racing, verifying] : [verifying, racing];
      const results = await Promise.allSettled(order.map((runId) => ctx.db.transaction((tx) => payRun(tx, runId))));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

      const rows = await ctx.db.select().from(teamRebates).where(eq(teamRebates.earnerId, invitee));
      expect(rows.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
      // 3 % of 100 + 200 + 50 points, each paid once.
      expect((await balanceOf([inviter])).get(inviter)).toBe(3_00 + 6_00 + 1_50);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  }, 60_000);
});
