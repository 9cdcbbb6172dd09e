import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * drizzle's statements on the embedded database, each sent to PGlite in one call as a named
 * prepared statement.
 *
 * PGlite's own `query` makes six calls into the database for every statement (parse, describe
 * the statement, bind, describe the portal, execute, sync), and PostgreSQL parses, analyses and
 * plans the text each time. PGlite runs on the server's thread, so that is the thread's time: a
 * small statement cost 235–268 µs that way and 122–133 µs prepared once and sent as one call
 * (bench/README.md, 2026-12-06). Here the first use of a text prepares it under a name and learns
 * its parameters' types; every later use binds, describes, executes and syncs in a single call.
 *
 * A name's plan is kept at most `planLifetimeMs`. The embedded database never gathers statistics,
 * so PostgreSQL plans from the tables' sizes at planning time, and a plan that settled while a
 * table was small would read that table whole forever once it grew; a text older than that is
 * prepared again, under a new name, and the old one closed.
 *
 * What PGlite does around a statement is kept: the instance's query lock (so a statement counts
 * once, as before), waiting for an open transaction outside one, writing the files after a
 * statement outside a transaction, and the failing statement's text on its error. Statements with
 * options this path does not handle (a blob, explicit parameter types) go through PGlite's own.
 */
type PgliteModule = Pick<typeof import('@electric-sql/pglite'), 'parse' | 'protocol'>;
type Query = PGlite['query'];

interface Prepared {
  name: string;
  paramTypes: number[];
  preparedAt: number;
}

export interface NamedStatements {
  /** The instance's `query`, for statements outside a transaction. */
  query: Query;
  /** `tx`'s `query`: the transaction already holds the instance. */
  inTransaction(tx: Transaction): Query;
}

/** As PGlite tells which statement failed: its text, parameters and options on the error. */
function withStatement(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error !== null && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

export function namedStatements(
  client: PGlite,
  { parse, protocol }: PgliteModule,
  { max = 500, planLifetimeMs = 60_000, now = () => performance.now() } = {},
): NamedStatements {
  const serialize = protocol.serialize;
  const prepared = new Map<string, Prepared>();
  let next = 0;

  /** Prepares `text` (closing the name it had, if any); inside the query lock. */
  async function prepare(text: string, stale: Prepared | undefined, options: QueryOptions | undefined): Promise<Prepared> {
    if (stale) prepared.delete(text);
    // Past `max` texts, the unnamed statement: prepared again at each use, never kept.
    const name = prepared.size < max ? `grab_${next++}` : '';
    const messages = await client.execProtocolStream(
      Buffer.concat([...(stale ? [serialize.close({ type: 'S', name: stale.name })] : []), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), preparedAt: now() };
    if (name) prepared.set(text, statement);
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> {
    return client._runExclusiveQuery(async () => {
      let result: Results | undefined;
      try {
        let statement = prepared.get(text);
        if (!statement || now() - statement.preparedAt > planLifetimeMs) statement = await prepare(text, statement, options);
        const { paramTypes } = statement;
        // As PGlite serialises a parameter: by the type PostgreSQL inferred for it.
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = paramTypes[i] ?? 0;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false, onNotice: options?.onNotice },
        );
        result = parse.parseResults(messages, client.parsers, options)[0];
      } catch (error) {
        throw withStatement(error, text, params, options);
      }
      if (!inTransaction) await client.syncToFs();
      if (!result) throw new Error(`the embedded database answered nothing to: ${text}`);
      return result;
    });
  }

  const handled = (options: QueryOptions | undefined) => !options?.blob && !options?.paramTypes;

  const query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!handled(options)) return client.query(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => run(text, params, options, false));
  }) as Query;

  return {
    query,
    inTransaction(tx) {
      return (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (!handled(options)) return tx.query(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return run(text, params, options, true);
      }) as Query;
    },
  };
}
