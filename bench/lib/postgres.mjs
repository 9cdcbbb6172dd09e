// PostgreSQL helpers of the benchmarks that run Grab on PostgreSQL: throw-away databases, SQL
// fixtures, pgbench as a baseline and the server's own reconciliation afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresCpu, postgresCpuPartsPer, reapedChildrenCpuMs } from './cpu.mjs';
import { REPO_ROOT, SERVER_NODE, startGrab } from './grab-server.mjs';

const SERVER_CLI = path.join(REPO_ROOT, 'server', 'dist', 'cli.js');

/** The start of every throw-away database's name; BENCH_DB_PREFIX keeps parallel runs apart. */
export const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'grab_bench_';

/**
 * @param {string} url
 * @param {string} sql
 */
export function psql(url, sql) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/**
 * @param {string} adminUrl
 * @param {string} name
 */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name` on the server of `adminUrl` and returns its URL; `dropDatabase` removes it.
 * @param {string} adminUrl
 * @param {string} name
 */
export function createDatabase(adminUrl, name) {
  psql(adminUrl, `create database ${name}`);
  return databaseUrl(adminUrl, name);
}

/**
 * @param {string} adminUrl
 * @param {string} name
 */
export function dropDatabase(adminUrl, name) {
  psql(adminUrl, `drop database if exists ${name} with (force)`);
}

/**
 * Runs `body` with a Grab server on a new database of the PostgreSQL that DATABASE_URL names;
 * afterwards, whatever happened, stops the server and drops the database.
 * @template T
 * @param {{ label: string, why: string, extraEnv?: Record<string, string> }} options
 * @param {(grab: { url: string, server: import('./grab-server.mjs').RunningServer }) => Promise<T>} body
 * @returns {Promise<T>}
 */
export async function withGrabOnPostgres({ label, why, extraEnv }, body) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error(`DATABASE_URL must name a PostgreSQL (${why})`);
  const name = `${DB_PREFIX}${label.replaceAll('-', '_')}_${process.pid}_${Date.now()}`;
  const url = createDatabase(adminUrl, name);
  /** @type {import('./grab-server.mjs').RunningServer | undefined} */
  let server;
  try {
    server = await startGrab({ databaseUrl: url, label, extraEnv });
    return await body({ url, server });
  } finally {
    await server?.stop();
    dropDatabase(adminUrl, name);
  }
}

/**
 * The server's own reconciliation (`npm run grab -- reconcile`), run against a benchmark's database:
 * every figure but `platform` (and the verdict `holds`) is zero when the books hold.
 * @param {string} url
 * @returns {Record<string, number | string | boolean>}
 */
export function reconcile(url) {
  const result = spawnSync(SERVER_NODE, [SERVER_CLI, 'reconcile', '--json'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: url, SEED_DEMO: '0' } });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{')) throw new Error(`reconcile printed nothing: ${result.stderr.trim()}`);
  const { platform, ...figures } = JSON.parse(line);
  return { ...figures, platform: JSON.stringify(platform) };
}

/**
 * The figures of a reconciliation that are not zero, as `name value`; empty when the books hold.
 * @param {Record<string, number | string | boolean>} books
 */
export function unreconciled(books) {
  return Object.entries(books)
    .filter(([name, value]) => name !== 'platform' && name !== 'holds' && value !== 0)
    .map(([name, value]) => `${name} ${value}`);
}

/**
 * SQL that credits each user `where` selects (a condition on `users`) with `amount` points from the
 * platform's rewards account, as the ledger does: one transfer keyed `<prefix><user id>` and its two
 * entries per user. Balances are left to `balancesFromEntriesSql`, once every credit is written.
 * @param {{ where: string, reason: string, amount: number, prefix: string }} credit
 */
export function creditsSql({ where, reason, amount, prefix }) {
  return `insert into ledger_transfers (idempotency_key, reason, amount)
      select '${prefix}' || users.id, '${reason}', ${amount} from users where ${where} order by users.id;
    insert into ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
      select t.id, v.account, case when v.account = 'earner' then users.id end, v.sign * ${amount}, '${reason}', t.created_at
      from users join ledger_transfers t on t.idempotency_key = '${prefix}' || users.id
      cross join (values ('earner', 1), ('rewards', -1)) v(account, sign) where ${where};`;
}

/**
 * SQL that writes the balance and the earned total of each user `where` selects from their entries.
 * @param {string} where
 */
export function balancesFromEntriesSql(where) {
  return `insert into balances (user_id, balance, earned)
    select users.id, sum(e.amount), coalesce(sum(e.amount) filter (where ledger_earning(e.reason)), 0)
    from users join ledger_entries e on e.user_id = users.id where ${where} group by users.id;`;
}

/**
 * pgbench's tps: `-N` (the simple update, the write baseline) or `-S` (one primary-key select, the
 * read baseline), simple query protocol.
 * @param {string} url
 * @param {number} clients
 * @param {number} seconds
 * @param {'-N' | '-S'} [mode]
 */
export function pgbench(url, clients, seconds, mode = '-N') {
  return pgbenchCounted(url, clients, seconds, mode).tps;
}

/**
 * `pgbench()`, with what a transaction cost in CPU: PostgreSQL's (null for a database on another
 * machine) and pgbench's own, as lib/cpu.mjs counts them.
 * @param {string} url
 * @param {number} clients
 * @param {number} seconds
 * @param {'-N' | '-S'} [mode]
 * @returns {{ tps: number, cpu: import('./cpu.mjs').TransactionCpu }}
 */
export function pgbenchCounted(url, clients, seconds, mode = '-N') {
  const before = { postgres: postgresCpu(), client: reapedChildrenCpuMs() };
  const result = spawnSync('pgbench', [mode, '-c', String(clients), '-j', String(Math.min(clients, 4)), '-T', String(seconds), '-n', url], {
    encoding: 'utf8',
  });
  const postgres = postgresCpu();
  const client = reapedChildrenCpuMs() - before.client;
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr.trim()}`);
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
  if (!match) throw new Error(`pgbench printed no tps: ${result.stdout}`);
  const done = Number(/number of transactions actually processed: (\d+)/.exec(result.stdout)?.[1] ?? Number.NaN);
  return {
    tps: Number(match[1]),
    cpu: {
      postgres: postgres === null || before.postgres === null ? null : (postgres.ms - before.postgres.ms) / done,
      client: client / done,
      postgresParts: postgresCpuPartsPer(before.postgres?.parts ?? null, postgres?.parts ?? null, done),
    },
  };
}

/**
 * Runs `script` (pgbench's custom-script syntax) from `clients` connections, `perClient`
 * transactions each, and returns transactions per second: a statement of the server's measured
 * with nothing around it.
 * @param {string} url
 * @param {string} script
 * @param {number} clients
 * @param {number} perClient
 */
export function pgbenchScript(url, script, clients, perClient) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-bench-script-'));
  const file = path.join(dir, 'script.sql');
  fs.writeFileSync(file, script);
  try {
    const result = spawnSync('pgbench', ['-n', '-f', file, '-c', String(clients), '-j', String(Math.min(clients, 4)), '-t', String(perClient), url], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr.trim()}`);
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
    if (!match) throw new Error(`pgbench printed no tps: ${result.stdout}`);
    return Number(match[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Makes a fresh pgbench database at `scale` and returns its URL.
 * @param {string} adminUrl
 * @param {string} name
 * @param {number} scale
 */
export function pgbenchDatabase(adminUrl, name, scale) {
  psql(adminUrl, `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const init = spawnSync('pgbench', ['-i', '-q', '-s', String(scale), url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  return url;
}
