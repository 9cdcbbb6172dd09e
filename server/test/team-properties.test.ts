import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, rebateRates, teamRebates } from '../src/db/schema';
import { reconcile } from '../src/modules/wallet/reconcile';
import { useTestContext } from './helper';
import { BOOKS_HOLD } from './books';
import { insertMember, payReward, rewardTasks } from './team-fixtures';

/**
 * Random teams (each member invited by an earlier one, so chains reach depth 8) and random task
 * rewards, audit or not, paid through `payRun`. Whatever the tree and the order, every upline's
 * balance is exactly the formula: its own rewards, plus its rate of every reward of a verified
 * member 1..5 levels below it, rounded down per reward; rewards of members never verified stay
 * held. The seed of a failing case is printed by fast-check.
 */
describe('rebates are the formula, for any tree and any rewards (pglite)', () => {
  const ctx = useTestContext('pglite');

  it('pays exactly the formula, nothing beyond depth 5, nothing to self, at most 9 %, and the books hold', async () => {
    const tasks = await rewardTasks(ctx.db);
    const rates = new Map((await ctx.db.select().from(rebateRates)).map((r) => [r.depth, r.bps]));

    const scenario = fc.record({
      // parents[i] is the index of member i+1's inviter among members 0..i; member 0 joined with a root code.
      parents: fc.array(fc.nat(), { minLength: 1, maxLength: 11 }).map((raw) => raw.map((n, i) => (i === 0 ? 0 : i - (n % Math.min(i + 1, 3))))),
      rewards: fc.array(fc.record({ member: fc.nat(), points: fc.integer({ min: 1, max: 1_000_000 }), audit: fc.boolean() }), { minLength: 1, maxLength: 25 }),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async ({ parents, rewards }) => {
        const ids: number[] = [await insertMember(ctx.db, null)];
        const parentOf = new Map<number, number>();
        for (const [i, p] of parents.entries()) {
          const parent = ids[Math.min(p, i)]!;
          const id = await insertMember(ctx.db, parent);
          ids.push(id);
          parentOf.set(id, parent);
        }
        const uplines = (id: number) => {
          const out: number[] = [];
          for (let cur = parentOf.get(id); cur !== undefined; cur = parentOf.get(cur)) out.push(cur);
          return out;
        };

        const expected = new Map<number, number>(ids.map((id) => [id, 0]));
        const verified = new Set<number>();
        const pending = new Map<number, { upline: number; amount: number }[]>();
        let rewarded = 0;
        let rebated = 0;
        for (const r of rewards) {
          const member = ids[r.member % ids.length]!;
          await payReward(ctx.db, member, r.audit ? tasks.audit : tasks.joinGroup, r.points);
          rewarded += r.points;
          expected.set(member, (expected.get(member) ?? 0) + r.points);
          if (r.audit && !verified.has(member)) {
            verified.add(member);
            for (const h of pending.get(member) ?? []) expected.set(h.upline, (expected.get(h.upline) ?? 0) + h.amount);
            pending.delete(member);
          }
          for (const [i, upline] of uplines(member).entries()) {
            const amount = Math.floor((r.points * (rates.get(i + 1) ?? 0)) / 10_000);
            if (amount === 0) continue;
            expect(upline).not.toBe(member);
            rebated += amount;
            if (verified.has(member)) expected.set(upline, (expected.get(upline) ?? 0) + amount);
            else pending.set(member, [...(pending.get(member) ?? []), { upline, amount }]);
          }
        }

        const rows = await ctx.db.select({ userId: balances.userId, balance: balances.balance }).from(balances).where(inArray(balances.userId, ids));
        const actual = new Map(rows.map((r) => [r.userId, Number(r.balance)]));
        for (const id of ids) expect(actual.get(id) ?? 0, `member ${id}`).toBe(expected.get(id));

        const mine = await ctx.db.select().from(teamRebates).where(inArray(teamRebates.earnerId, ids));
        expect(mine.every((row) => row.depth <= 5 && row.uplineId !== row.earnerId)).toBe(true);
        expect(mine.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(rebated);
        expect(rebated * 100).toBeLessThanOrEqual(rewarded * 9);
        const held = mine.filter((row) => row.status === 'held').reduce((sum, row) => sum + Number(row.amount), 0);
        expect(held).toBe([...pending.values()].flat().reduce((sum, h) => sum + h.amount, 0));
        expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
      }),
      { numRuns: 30, verbose: 1 },
    );
  }, 120_000);
});
