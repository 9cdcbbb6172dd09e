import type { ClosedReason, TaskSchedule } from '@grab/shared/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Timed tasks stay listed this long after they end, so an earner sees "ended" rather than a task vanishing mid-visit. */
export const ENDED_VISIBLE_MS = DAY_MS;

/** The schedule facts that decide periods and windows. */
export interface TaskTiming {
  schedule: TaskSchedule;
  resetTime: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** The latest daily reset (HH:MM UTC) at or before `now`. */
export function lastResetAt(resetTime: string | null, now: Date): Date {
  const [hours, minutes] = (resetTime ?? '00:00').split(':').map(Number);
  const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours ?? 0, minutes ?? 0);
  return new Date(reset <= now.getTime() ? reset : reset - DAY_MS);
}

/**
 * The period a run belongs to: one-time and timed tasks have a single period, recurring ones a new
 * period at each reset, named by its start so that a reset needs no job, only a new name.
 */
export function periodOf(timing: TaskTiming, now: Date): string {
  return timing.schedule === 'recurring' ? lastResetAt(timing.resetTime, now).toISOString() : 'once';
}

export function nextResetAt(timing: TaskTiming, now: Date): Date | null {
  return timing.schedule === 'recurring' ? new Date(lastResetAt(timing.resetTime, now).getTime() + DAY_MS) : null;
}

/**
 * The first instant after `now` at which time alone can change what a list of these tasks shows: a
 * period's reset, a window opening or closing, an hour less left, an ended task leaving the list,
 * or the UTC day that daily caps count in.
 */
export function shownUntil(tasks: readonly TaskTiming[], now: Date): number {
  const at = now.getTime();
  let until = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const consider = (instant: number) => {
    if (instant > at && instant < until) until = instant;
  };
  for (const task of tasks) {
    const reset = nextResetAt(task, now);
    if (reset) consider(reset.getTime());
    if (task.startsAt) consider(task.startsAt.getTime());
    if (!task.endsAt) continue;
    const end = task.endsAt.getTime();
    consider(end + ENDED_VISIBLE_MS + 1);
    // hoursLeft = ceil(left / 1 h) drops by one when `left` reaches the next whole hour below it.
    if (end > at) consider(end - (Math.ceil((end - at) / HOUR_MS) - 1) * HOUR_MS);
  }
  return until;
}

/** Why the task cannot be done at `now`, from its window alone (the daily cap is decided apart). */
export function windowClosed(timing: TaskTiming, now: Date): ClosedReason | null {
  if (timing.startsAt && now < timing.startsAt) return 'notOpenYet';
  if (timing.endsAt && now >= timing.endsAt) return 'ended';
  return null;
}

/** Whole hours left of a timed task, rounded up; 0 once it ended; null for other schedules. */
export function hoursLeft(timing: TaskTiming, now: Date): number | null {
  if (timing.schedule !== 'timed' || !timing.endsAt) return null;
  const left = timing.endsAt.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / HOUR_MS) : 0;
}

/** Whether the list still shows the task at `now`. */
export function stillListed(timing: TaskTiming, now: Date): boolean {
  return !timing.endsAt || now.getTime() - timing.endsAt.getTime() <= ENDED_VISIBLE_MS;
}

/** The UTC day a daily cap counts in (`YYYY-MM-DD`). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
