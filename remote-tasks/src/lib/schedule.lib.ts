import { dateTimeFormat, numberFormat } from '@grab/shared';

/** `resetTime` is HH:MM in UTC; the earner reads it on their own clock. */
export function localResetTime(resetTime: string, tag: string, now: number): string {
  const [hours, minutes] = resetTime.split(':').map(Number);
  const date = new Date(now);
  date.setUTCHours(hours ?? 0, minutes ?? 0, 0, 0);
  return dateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** An ISO time as the earner's own date and time, or null when the server sent none. */
export function localDateTime(iso: string | null, tag: string): string | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/**
 * Whole hours left as a person says them: "30 days" from two days up, else "6 hours" (the server
 * rounds hours up, so days are rounded down: "2 days" is never more than is left).
 */
export function durationLeft(hours: number, tag: string): string {
  const [value, unit] = hours >= 48 ? [Math.floor(hours / 24), 'day'] : [hours, 'hour'];
  return numberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
