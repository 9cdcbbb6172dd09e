import { randomInt } from 'node:crypto';

/** A uniform integer in [0, max): `crypto.randomInt` in production, a seeded source in tests. */
export type RandomInt = (max: number) => number;

export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * The index of the prize won, each with the chance of its weight among the total. One draw over
 * the sum of the weights: no floating point, so the odds are exactly the operator's integers.
 * A weight of 0 is never picked.
 */
export function pickPrize(weights: readonly number[], random: RandomInt = cryptoRandomInt): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (!Number.isSafeInteger(total) || total <= 0 || weights.some((w) => !Number.isInteger(w) || w < 0)) {
    throw new Error('prize weights must be non-negative integers with a positive sum');
  }
  let ticket = random(total);
  for (const [index, weight] of weights.entries()) {
    if (ticket < weight) return index;
    ticket -= weight;
  }
  throw new Error(`random source answered outside [0, ${total})`);
}
