// Building an Intl formatter costs milliseconds on a cheap phone (the pattern is compiled from the
// locale's data each time); using one costs microseconds. A list of task cards or amounts built a
// formatter per row, which was most of Home's script time. One formatter per kind, locale and
// options, for the life of the page.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, tag: string, options: object, make: () => T): T {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as T | undefined;
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('n', tag, options, () => new Intl.NumberFormat(tag, options));
}

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('d', tag, options, () => new Intl.DateTimeFormat(tag, options));
}

const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A moment as every screen writes it, "Dec 2, 2026, 9:43 AM" in the earner's own locale: the month
 * in words, so 12/2 is never read as the 12th of February, and no seconds.
 */
export function formatDateTime(at: string | number | Date, tag: string): string {
  return dateTimeFormat(tag, DATE_AND_TIME).format(typeof at === 'string' ? new Date(at) : at);
}
