import { DAY_PATTERN } from '@grab/shared/contracts';

export interface Period {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

/** Days are UTC calendar days, as the server counts them. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** The week up to today: what the report shows before the earner picks dates. */
export function lastDays(today: string, count = 7): Period {
  return { start: utcDay(new Date((dayNumber(today) - (count - 1)) * DAY_MS)), end: today };
}

/** Both ends counted: 1 Nov to 3 Nov is 3 days. */
export function daysIn({ start, end }: Period): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** A message key of the common namespace, with its values. */
export interface PeriodProblem {
  field: keyof Period;
  key: 'validation.periodRequired' | 'validation.periodTooLong' | 'validation.periodOrder' | 'validation.periodFuture';
  values?: { n: number };
}

/** The server's own checks, made before asking, with its messages (SPEC §5). */
export function periodProblem(period: Period, maxDays: number, today: string): PeriodProblem | null {
  for (const field of ['start', 'end'] as const) {
    if (!DAY_PATTERN.test(period[field])) return { field, key: 'validation.periodRequired' };
  }
  if (period.start > period.end) return { field: 'start', key: 'validation.periodOrder' };
  if (period.end > today) return { field: 'end', key: 'validation.periodFuture' };
  if (daysIn(period) > maxDays) return { field: 'end', key: 'validation.periodTooLong', values: { n: maxDays } };
  return null;
}
