import { MAX_WITHDRAW_MINOR, quoteWithdrawal } from '@grab/shared/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_WITHDRAW_SETTINGS } from '../../seed/seed-wallet';

/** Any rule an operator can save: a rate, a currency's decimals, a fee of 0–50 % and its floor. */
const rules = fc.record({
  fractionDigits: fc.constantFrom(0, 2, 3),
  microsPerPoint: fc.integer({ min: 1, max: 100_000_000 }),
  feeBps: fc.integer({ min: 0, max: 5000 }),
  feeMinPoints: fc.integer({ min: 0, max: 100_000 }),
});

/** Exact hundredths of a point as a fraction over `denominator`, so nothing here rounds. */
function exactCost(amountMinor: number, r: { fractionDigits: number; microsPerPoint: number }, feeBps: number) {
  const numerator = BigInt(amountMinor) * 10n ** BigInt(6 - r.fractionDigits) * 100n * BigInt(10_000 + feeBps);
  return { numerator, denominator: BigInt(r.microsPerPoint) * 10_000n };
}

describe('quoteWithdrawal', () => {
  it('charges the exact cost with its fee, rounded up once: never less, never a hundredth more, the fee never below its floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_WITHDRAW_MINOR }), rules, (amount, r) => {
        // Costs past 2^53 hundredths (90 trillion points) are no balance's; the rule that allows them is absurd, not the quote.
        const most = exactCost(amount, r, r.feeBps);
        fc.pre(most.numerator / most.denominator < BigInt(Number.MAX_SAFE_INTEGER) - BigInt(r.feeMinPoints));
        const quote = quoteWithdrawal(amount, r);
        for (const n of [quote.points, quote.fee, quote.total]) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        expect(quote.total).toBe(quote.points + quote.fee);
        expect(quote.fee).toBeGreaterThanOrEqual(r.feeMinPoints);

        const points = exactCost(amount, r, 0);
        // The points alone are the amount's value rounded up to the hundredth.
        expect(BigInt(quote.points) * points.denominator >= points.numerator).toBe(true);
        expect(BigInt(quote.points - 1) * points.denominator < points.numerator).toBe(true);

        const withFee = exactCost(amount, r, r.feeBps);
        expect(BigInt(quote.total) * withFee.denominator >= withFee.numerator).toBe(true);
        // Above the exact cost by less than a hundredth, unless the floor of the fee set it.
        if (quote.fee > r.feeMinPoints) expect(BigInt(quote.total - 1) * withFee.denominator < withFee.numerator).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('prices the seeded presets in whole points where their rates were chosen to', () => {
    const inr = SEED_WITHDRAW_SETTINGS.find((s) => s.currency === 'INR')!;
    const rupee = { fractionDigits: 2, microsPerPoint: 85_000, feeBps: inr.feeBps, feeMinPoints: inr.feeMinPoints };
    // ₹100 at 0.085 a point is 1,176.47… points; with 2 % it is exactly 1,200.
    expect(quoteWithdrawal(100_00, rupee)).toEqual({ points: 1176_48, fee: 23_52, total: 1200_00 });
    expect(inr.presets.map((p) => quoteWithdrawal(p, rupee).total % 100)).toEqual(inr.presets.map(() => 0));
  });
});
