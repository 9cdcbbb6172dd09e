import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { readTextTypesAsText, textParsedQuery, textParsedTransaction } from './pglite-parsers';
import { namedStatements } from './pglite-statements';
import { StatementNames } from './statement-names';
import { queryText, WriteClock } from './write-clock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction inside it. */
export type Executor = Db | Tx;

/** What the job queue needs of a database: pg-boss's `IDatabase`. */
export interface JobsDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Raw SQL for the job queue (pg-boss), on the same connection pool or PGlite instance. */
  jobs: JobsDb;
  /** Moves with every write this process sends through `db`: what read caches compare against. */
  writes: WriteClock;
  /** PostgreSQL only: runs `fn` while holding a session-level advisory lock on one connection. */
  withAdvisoryLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

/** Where PGlite keeps its files inside DATA_DIR (the lock file sits beside it). */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * PGlite sizes shared memory from the data directory's 128 MB default, all of it resident;
 * 16 MB is plenty for this workload and saves ~120 MB of RSS.
 */
export async function openPglite(dir: string): Promise<Database> {
  const [pglite, { drizzle }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const { PGlite } = pglite;
  // PGlite creates only the last folder of the path.
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client: PGlite = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  const forJobs = readTextTypesAsText(client);
  const writes = new WriteClock();
  // drizzle talks to the instance through this view, which counts its writes and leaves off the
  // parsers drizzle sends with each statement (see pglite-parsers.ts); the job queue below talks
  // to the instance itself (its polling writes only its own tables).
  // Its statements are prepared once and sent in one call each (see pglite-statements.ts).
  const statements = namedStatements(client, pglite);
  const query = writes.wrapQuery(textParsedQuery(statements.query), queryText);
  const transaction = (callback: (tx: Transaction) => Promise<unknown>) =>
    client.transaction((tx) => callback(textParsedTransaction(tx, statements.inTransaction(tx))));
  const tracked = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'exec' || property === 'transaction') {
        const method = (property === 'transaction' ? transaction : target.exec.bind(target)) as (...args: never[]) => Promise<unknown>;
        return (...args: never[]) => {
          const scope = WriteClock.scope();
          writes.bumpFor(scope);
          return method(...args).finally(() => writes.bumpFor(scope));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = drizzle(tracked, { schema }) as unknown as Db;
  // pg-boss's own adapter: it rolls back a statement that failed inside a block, which a single
  // connection needs and a pool does not.
  const { fromPglite } = await import('pg-boss');
  const jobs: JobsDb = fromPglite(forJobs);
  return { db, engine: 'pglite', jobs, writes, close: () => client.close() };
}

function reportLostConnection(error: Error): void {
  process.stderr.write(`PostgreSQL connection lost (the pool opens a new one): ${error.message}\n`);
}

export async function openPostgres(url: string, max = 10, onConnectionError: (error: Error) => void = reportLostConnection): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // A connection lives ten minutes at most: its prepared statements' plans (drizzle's, named below,
  // and those the SQL functions keep) are made again on the next, from the tables as they are then.
  const pool = new pg.Pool({ connectionString: url, max, maxLifetimeSeconds: 600 });
  // A connection the server drops (a restart, a failover, an administrator's terminate) emits an
  // error event; unhandled, it would end the whole process. The pool replaces the connection.
  pool.on('error', onConnectionError);
  const writes = new WriteClock();
  // drizzle's statements are prepared once per connection (see statement-names.ts).
  const names = new StatementNames();
  /** Each connection's own query, beside the one that moves the clock: the job queue's way in. */
  type RawQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  const unclocked = new WeakMap<object, RawQuery>();
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    // Drizzle's statements reach PostgreSQL through a client's query: there its writes move the clock.
    unclocked.set(client, client.query as unknown as RawQuery);
    const clocked = writes.wrapQuery(client.query, queryText) as (...args: unknown[]) => unknown;
    client.query = function (this: unknown, ...args: unknown[]) {
      return clocked.apply(this, names.named(args));
    } as typeof client.query;
  });
  // The job queue polls its own tables several times a second, with statements that write. Through
  // the clock, each poll would drop every earner's cached reads although none of them reads those
  // tables; so, as on PGlite, the queue talks to the connections directly. What a job's handler does
  // goes through drizzle and moves the clock as any write does.
  const jobs: JobsDb = {
    async executeSql(text, values) {
      const client = await pool.connect();
      // Every client passed the connect hook before the pool lent it.
      const query = unclocked.get(client) as RawQuery;
      try {
        const result = await query.call(client, text, values);
        client.release();
        return result;
      } catch (error) {
        // As the pool's own query does: a connection that failed a statement is not lent again.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    },
  };
  // Fail at start-up, not at the first request, when the URL is wrong.
  const client = await pool.connect();
  client.release();
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    writes,
    jobs,
    async withAdvisoryLock(key, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Applies the committed SQL migrations; the same files on both engines. */
export async function migrateDatabase(database: Database, migrationsFolder: string): Promise<void> {
  await prepareDatabase(database, migrationsFolder, async () => undefined);
}

/**
 * Migrates, then runs `then` (the seed at start-up). Several API processes may start together
 * against one PostgreSQL: both steps run under one advisory lock, so the first process does them
 * and the others find them done.
 */
export async function prepareDatabase<T>(database: Database, migrationsFolder: string, then: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
    await migrateJobQueue(database);
    return then();
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const run = async () => {
    await migrate(database.db as never, { migrationsFolder });
    await migrateJobQueue(database);
    return then();
  };
  return database.withAdvisoryLock ? database.withAdvisoryLock(7243901, run) : run();
}

/** The job queue's tables (pg-boss keeps its own versions) belong to the schema like ours do. */
async function migrateJobQueue(database: Database): Promise<void> {
  const { migrateJobQueue: migrate } = await import('../modules/wallet/payout-queue');
  await migrate(database);
}

/** Whether the database answers; used by `/health`. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
