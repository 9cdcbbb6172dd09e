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
