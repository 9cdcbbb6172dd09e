import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle wants from PGlite as PostgreSQL's text (it maps them itself): dates, times,
 * intervals, and arrays of those and of numerics. drizzle asks for this with a `parsers` option on
 * every statement, and PGlite answers each such statement by copying its whole table of parsers
 * (over 300, one per type and array type) into a new object before reading a row: about a third
 * of a small statement's time (bench/README.md, 2026-12-06). Set once on the instance instead, the
 * option can be left off and nothing is copied.
 */
const TEXT_TYPES = [
  1082, // date
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

type Parser = (value: string, typeId?: number) => unknown;
type Query = PGlite['query'];
type Exec = PGlite['exec'];

const asText: Parser = (value) => value;

/**
 * A statement's options without a `parsers` that names only the text types: drizzle's, which ask
 * for them as text, as the instance now reads them. Only drizzle's statements come through here;
 * any other `parsers` is passed on as it is.
 */
function withoutTextParsers<O extends QueryOptions | undefined>(options: O): O {
  const parsers = options?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => (TEXT_TYPES as readonly number[]).includes(Number(type)))) return options;
  const { parsers: _, ...rest } = options as QueryOptions;
  return rest as O;
}

/** `query` that leaves drizzle's per-statement parsers off: the instance reads those types as text. */
export function textParsedQuery<Q extends Query>(query: Q): Q {
  return ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutTextParsers(options))) as Q;
}

/**
 * A transaction whose statements go through `txQuery` (its own `query` unless given) and leave
 * drizzle's per-statement parsers off, as `textParsedQuery`.
 */
export function textParsedTransaction(tx: Transaction, txQuery: Query = tx.query.bind(tx)): Transaction {
  const query = textParsedQuery(txQuery);
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Makes the instance read drizzle's text types as text, and returns a view of it that reads them
 * as PGlite does by default, for the other user of the instance (the job queue), which expects
 * dates as dates; it sends a few statements a second, so copying the parsers there costs little.
 * Called once the instance is ready, after PGlite has set its array parsers.
 */
export function readTextTypesAsText(client: PGlite): PGlite {
  const defaults: Record<number, Parser> = {};
  for (const type of TEXT_TYPES) {
    const parser = client.parsers[type];
    if (parser) defaults[type] = parser;
    client.parsers[type] = asText;
  }
  const withDefaults = (options?: QueryOptions): QueryOptions => ({ ...options, parsers: { ...defaults, ...options?.parsers } });
  const query = ((text: string, params?: unknown[], options?: QueryOptions) => client.query(text, params, withDefaults(options))) as Query;
  const exec = ((text: string, options?: QueryOptions) => client.exec(text, withDefaults(options))) as Exec;
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'exec') return exec;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
