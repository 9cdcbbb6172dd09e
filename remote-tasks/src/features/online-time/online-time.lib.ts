import type { StandbyTime } from '@grab/shared/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Minutes as a person says them: "45 minutes", "2 hours", "1 hour 5 minutes", in the earner's language. */
export function spokenMinutes(total: number, t: Translate): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('online.minutes', { count: minutes });
  if (minutes === 0) return t('online.hours', { count: hours });
  return t('online.hoursMinutes', { hours: t('online.hours', { count: hours }), minutes: t('online.minutes', { count: minutes }) });
}

/** Minutes gathered toward the next credit, and the minutes one credit takes. */
export function towardNext(view: StandbyTime): { value: number; max: number } {
  const max = view.targetMinutes;
  if (view.state === 'completed') return { value: max, max };
  return { value: Math.min(Math.max(view.todayMinutes - view.credits.done * max, 0), max), max };
}
