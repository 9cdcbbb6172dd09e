import { dateTimeFormat, formatDateTime, numberFormat } from '@grab/shared';

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
  return formatDateTime(at, tag);
}

/**
 * Whole hours left as a person says them: "30 days" from two days up, else "6 hours" (the server
 * rounds hours up, so days are rounded down: "2 days" is never more than is left).
 */
export function durationLeft(hours: number, tag: string): string {
  const [value, unit] = hours >= 48 ? [Math.floor(hours / 24), 'day'] : [hours, 'hour'];
  return numberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * A configured span of minutes as a person says it: "2 days" from two days up, else "5 hours"
 * (rounded up, so the promise is never shorter than the rule), else "30 minutes".
 */
export function durationOfMinutes(minutes: number, tag: string): string {
  const [value, unit] = minutes >= 48 * 60 ? [Math.ceil(minutes / (24 * 60)), 'day'] : minutes >= 120 ? [Math.ceil(minutes / 60), 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** How long ago `at` was, as a person says it: "just now", "5 minutes ago", "yesterday". */
export function timeAgo(at: number, now: number, tag: string): string {
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  if (seconds > -60) return format.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}
