import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshTime } from './messaging-fixtures';

describe('freshTime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never gives a time twice, whether calls fall in one millisecond or one apart', () => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    const seen = new Set<number>();
    for (const step of [0, 1, 0, 0, 1, 1, 2, 0, 1]) {
      vi.advanceTimersByTime(step);
      seen.add(freshTime());
    }
    expect(seen.size).toBe(9);
    // Close to the clock, so the server's five-minute skew check accepts it.
    expect(Math.abs(freshTime() - Date.now())).toBeLessThan(1_000);
  });
});
