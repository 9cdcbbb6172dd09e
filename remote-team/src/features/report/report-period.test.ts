import { describe, expect, it } from 'vitest';
import { daysIn, lastDays, periodProblem } from './report-period';

const TODAY = '2026-11-24';

describe('the report period', () => {
  it('starts as the last seven days, both ends counted', () => {
    expect(lastDays(TODAY)).toEqual({ start: '2026-11-18', end: TODAY });
    expect(daysIn(lastDays(TODAY))).toBe(7);
  });

  it('asks for a missing date first', () => {
    expect(periodProblem({ start: '', end: TODAY }, 31, TODAY)).toEqual({ field: 'start', key: 'validation.periodRequired' });
    expect(periodProblem({ start: TODAY, end: '' }, 31, TODAY)).toEqual({ field: 'end', key: 'validation.periodRequired' });
  });

  it('allows exactly the maximum and refuses one day more', () => {
    expect(periodProblem({ start: '2026-10-25', end: TODAY }, 31, TODAY)).toBeNull();
    expect(periodProblem({ start: '2026-10-24', end: TODAY }, 31, TODAY)).toEqual({ field: 'end', key: 'validation.periodTooLong', values: { n: 31 } });
  });

  it('refuses dates in the wrong order or past today', () => {
    expect(periodProblem({ start: TODAY, end: '2026-11-20' }, 31, TODAY)?.key).toBe('validation.periodOrder');
    expect(periodProblem({ start: TODAY, end: '2026-11-25' }, 31, TODAY)?.key).toBe('validation.periodFuture');
  });
});
