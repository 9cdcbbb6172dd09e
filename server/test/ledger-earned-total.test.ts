import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger, creditMany, holdingsOf, LedgerReason, post, reverse } from '../src/modules/ledger/ledger.service';
import { assetsOf } from './ledger-reads';
import { engines, useTestContext } from './helper';
import { insertMember } from './team-fixtures';

const KINDS = [LedgerReason.welcomeBonus, LedgerReason.taskReward, LedgerReason.redeemCode, LedgerReason.rebate, LedgerReason.prize] as const;
const EARNING: ReadonlySet<string> = new Set([LedgerReason.taskReward, LedgerReason.redeemCode, LedgerReason.rebate, LedgerReason.prize]);

/**
 * assetInfo's total earnings is a running total kept with the balance (`balances.earned`,
 * migration 0023), not a sum over the earner's history. Here it is checked against its plain
 * definition, the sum of the earner's entries whose reason is an earning, on random histories that
 * move points by every path that writes balances: the TypeScript transfer (credits, debits and
 * reversals) and the ledger's SQL functions (`ledger_credit`, `ledger_credit_many`).
 */
describe.each(engines)('the earned total (%s)', (engine) => {
  const ctx = useTestContext(engine);
  let key = 0;

  it('equals the sum of the earning entries, whatever path moved them, and today and the week are the day’s', async () => {
    const step = fc.record({
      path: fc.constantFrom('post', 'debit', 'credit', 'credit_many'),
      kind: fc.constantFrom(...KINDS),
      points: fc.integer({ min: 1, max: 50_000 }),
      reversed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 10 }), async (steps) => {
        const userId = await insertMember(ctx.db, null);
        let balance = 0;
        let earned = 0;
        await ctx.db.transaction(async (tx) => {
          for (const s of steps) {
            key += 1;
            const k = `earned-test:${key}`;
            if (s.path === 'debit') {
              // Points returned under an earning reason count against the total, as their entry does.
              if (s.points > balance) continue;
              await post(tx, { userId, amount: -s.points, reason: s.kind, idempotencyKey: k });
              balance -= s.points;
              if (EARNING.has(s.kind)) earned -= s.points;
              continue;
            }
            if (s.path === 'credit') {
              await tx.execute(sql`select ledger_credit(${userId}::int, ${s.points}::bigint, ${s.kind}::text, ${k}::text)`);
            } else if (s.path === 'credit_many') {
              await creditMany(tx, 'rewards', s.kind, sql`select ${userId}::int as user_id, ${s.points}::bigint as amount, ${k}::text as idempotency_key`);
            } else {
              const { entry } = await post(tx, { userId, amount: s.points, reason: s.kind, idempotencyKey: k });
              // A reversal is a transfer of its own (reason `reversal`): it is not an earning, so the total keeps the credit.
              if (s.reversed) {
                await reverse(tx, entry.id);
                balance -= s.points;
              }
            }
            balance += s.points;
            if (EARNING.has(s.kind)) earned += s.points;
          }
        });
        expect(await holdingsOf(ctx.db, userId)).toEqual({ balance, earned });
        // The assets read says the same, and every entry was made now: today and this week hold them all.
        const { recent, ...held } = await assetsOf(ctx.db, userId);
        expect(held).toMatchObject({ balance, earned });
        expect([recent.today, recent.week, recent.daily.at(-1)?.amount]).toEqual([earned, earned, earned]);
        expect((await checkLedger(ctx.db)).unbalancedEarners).toBe(0);
      }),
      { numRuns: engine === 'pglite' ? 15 : 25 },
    );
  });

  it('counts an earner whose running total drifted from the entries as unbalanced', async () => {
    const userId = await insertMember(ctx.db, null);
    await ctx.db.transaction((tx) => post(tx, { userId, amount: 700, reason: LedgerReason.taskReward, idempotencyKey: `earned-drift:${userId}` }));
    const before = (await checkLedger(ctx.db)).unbalancedEarners;
    await ctx.db.execute(sql`update balances set earned = earned + 1 where user_id = ${userId}`);
    expect((await checkLedger(ctx.db)).unbalancedEarners).toBe(before + 1);
    expect((await holdingsOf(ctx.db, userId)).earned).toBe(701);
  });
});
