import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LedgerReason, post, reverse } from '../src/modules/ledger/ledger.service';
import { engines, useTestContext } from './helper';
import { assetsOf } from './ledger-reads';
import { insertMember } from './team-fixtures';

const KINDS = [LedgerReason.welcomeBonus, LedgerReason.taskReward, LedgerReason.rebate, LedgerReason.prize] as const;

/**
 * DESIGN §5: the welcome bonus cannot be withdrawn until the earner's first task reward. The rule
 * is one SQL function (`ledger_locked_points`, migrations 0022, 0024 and 0025) that stops at the first
 * task reward instead of reading the earner's history; here it is checked against its plain
 * definition on random histories: any order of bonuses, rewards, rebates and prizes, some of them
 * reversed. A reversed bonus left the balance, so it is not locked any more; a reversed task reward
 * still means the earner has done a task.
 */
describe.each(engines)('the locked welcome bonus (%s)', (engine) => {
  const ctx = useTestContext(engine);
  let key = 0;

  it('is the sum of the welcome bonuses still in place until a task reward exists, then nothing, whatever came before', async () => {
    const history = fc.array(fc.record({ kind: fc.constantFrom(...KINDS), points: fc.integer({ min: 1, max: 50_000 }), reversed: fc.boolean() }), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(history, async (entries) => {
        const userId = await insertMember(ctx.db, null);
        await ctx.db.transaction(async (tx) => {
          for (const e of entries) {
            key += 1;
            const { entry } = await post(tx, { userId, amount: e.points, reason: e.kind, idempotencyKey: `locked-test:${key}` });
            if (e.reversed) await reverse(tx, entry.id);
          }
        });
        const earned = entries.some((e) => e.kind === LedgerReason.taskReward);
        const welcome = entries.filter((e) => e.kind === LedgerReason.welcomeBonus && !e.reversed).reduce((sum, e) => sum + e.points, 0);
        const expected = earned ? 0 : welcome;
        expect((await assetsOf(ctx.db, userId)).locked).toEqual({ amount: expected, reason: expected > 0 ? 'welcomeBonusUntilFirstTask' : null });
      }),
      { numRuns: engine === 'pglite' ? 15 : 25 },
    );
  });
});
