import { describe, expect, it } from 'vitest';
import { pickPrize, type RandomInt } from '../src/modules/draw/prize-pick';
import { SEED_DRAW_CONFIG } from '../src/seed/seed-draw';

/** A small seeded generator (mulberry32): the same picks on every run, so the test never flakes. */
function seeded(seed: number): RandomInt {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

describe('the prize pick', () => {
  it('follows the weights: chi-square of 100,000 seeded picks of the seeded configuration', () => {
    const weights = SEED_DRAW_CONFIG.prizes.map((p) => p.weight);
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map(() => 0);
    const random = seeded(20_260_101);
    const picks = 100_000;
    for (let i = 0; i < picks; i += 1) counts[pickPrize(weights, random)]! += 1;
    const chiSquare = weights.reduce((sum, w, i) => {
      const expected = (picks * w) / total;
      return sum + (counts[i]! - expected) ** 2 / expected;
    }, 0);
    // 7 degrees of freedom: 24.32 is the 0.1 % critical value.
    expect(chiSquare).toBeLessThan(24.32);
  });

  it('maps each ticket to its prize exactly, and never picks a weight of 0', () => {
    const weights = [2, 0, 3];
    const picked = [0, 1, 2, 3, 4].map((ticket) => pickPrize(weights, () => ticket));
    expect(picked).toEqual([0, 0, 2, 2, 2]);
  });

  it('refuses weights that cannot be drawn from, and a source outside its range', () => {
    expect(() => pickPrize([0, 0])).toThrow();
    expect(() => pickPrize([1, -1, 3])).toThrow();
    expect(() => pickPrize([1.5, 2])).toThrow();
    expect(() => pickPrize([1, 2], () => 3)).toThrow();
  });

  it('draws with crypto.randomInt by default, inside the range', () => {
    for (let i = 0; i < 100; i += 1) expect([0, 1, 2]).toContain(pickPrize([1, 1, 1]));
  });
});
