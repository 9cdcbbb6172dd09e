// What one batch statement of a write path costs PostgreSQL's backend in CPU, for two definitions
// of the database's functions: B as the migrations leave them, A the same database after `--a-sql`
// (the SQL that undoes the change being judged). Over HTTP a change to a statement is lost in what
// the server, the load tool and a busy machine move from minute to minute (compare-builds); here
// nothing else runs on the backend's connection, and its time on a core is read from Linux
// (/proc/<pid>/schedstat, nanoseconds), not the wall clock, so a neighbour taking the core while
// the statement waits for it does not count.
//
// Both databases are copies of one fixture (a database template), each served by one connection
// of its own that sends the statement as the server does (named, prepared once, extended protocol),
// one call after another. Rounds alternate which database goes first, per batch size, and the
// figure is the median of each pair's ratio B / A: two runs of one side in a row on this kind of
// machine differ by more than a change worth keeping.
//   pass      `ledger_pass_submissions_in_order` deciding `batch` submissions of review-pass.mjs's
//             queue as the seeded reviewer (the statement the server sends for passes that arrive
//             together);
//   withdraw  `wallet_request_withdrawals` with `batch` requests of withdraw.mjs's earners, each its
//             own earner, with the rules and quote the server sends.
// Without `--a-sql` the two sides are the same: the spread of that run is the tool's noise.
//
// `--profile` also samples both backends with Linux's `perf` through the rounds and prints, for each
// side, the share of its time and the ms an item in each phase of a statement (the executor's start,
// the CHECK constraints, the foreign keys' checks, the commit's WAL flush…: lib/backend-profile.mjs),
// so that a change's gain or loss shows where it is. Sampling costs each backend time of its own,
// alike on both sides; the figures of a profiled run are higher than those of one that is not. With
// several batch sizes the profile covers them all; give one `--batches` for one size's profile.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/statement-cpu.mjs
//       [--scenario pass|withdraw] [--a-sql FILE] [--batches 1,4,10] [--rounds 12] [--calls 200] [--profile]
//
// PostgreSQL on this machine only (the backend's CPU is read from /proc).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OTHER, PHASES, perfAvailable, phasesOf, startProfile } from './lib/backend-profile.mjs';
import { call, REVIEWER } from './lib/grab-api.mjs';
import { schedstat } from './lib/cpu.mjs';
import { REPO_ROOT, startGrab } from './lib/grab-server.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql } from './lib/postgres.mjs';
import { isMain, machine, median, printTable, runAsScript, times, writeResult } from './lib/report.mjs';
import { prepareQueue } from './review-pass.mjs';
import { prepareEarners, requestRules, tokenOf } from './withdraw.mjs';

/** The server's own driver, so that the statement goes out as the server sends it. */
const { Client } = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('pg');
/** Calls each connection makes before the first measured one: its plans cached, its pages read. */
const WARM_UP = 20;

/** @typedef {'pass' | 'withdraw'} Scenario */
/**
 * A scenario's statement: its text, and the parameters of call number `n` (from 0) of `batch` items.
 * @typedef {{ text: string, params: (n: number, batch: number) => unknown[] }} Statement
 */

/** Nanoseconds the backend `pid` has spent on a core. */
function onCoreNs(/** @type {number} */ pid) {
  const count = schedstat(`/proc/${pid}/schedstat`);
  if (!count) throw new Error(`no schedstat for backend ${pid}: this needs PostgreSQL on this Linux machine`);
  return count.run;
}

/**
 * The pass's fixture and statement: a queue of `items` submissions, each passed once on each side.
 * @param {string} url @param {number} items
 * @returns {Promise<Statement>}
 */
async function passStatement(url, items) {
  // The server migrates the database and seeds the reviewer, then is not needed.
  const server = await startGrab({ databaseUrl: url, label: 'statement-cpu', extraEnv: { LOG_LEVEL: 'warn' } });
  await server.stop();
  const queue = prepareQueue(url, items);
  const [id, role] = psql(url, `select id || ' ' || role from users where phone = '+91${REVIEWER.phone}'`).split(' ');
  const now = new Date().toISOString();
  return {
    text: 'select count(*) from ledger_pass_submissions_in_order($1::int[], $2::int[], $3::text[], $4::timestamptz[])',
    params: (n, batch) => {
      const first = queue.first + n;
      return [
        Array.from({ length: batch }, (_, i) => first + i),
        Array(batch).fill(Number(id)),
        Array(batch).fill(role),
        Array(batch).fill(now),
      ];
    },
  };
}

/**
 * The withdrawal's fixture and statement: `items` earners, each requesting once on each side. The
 * rules and the quote are what the server sends, read after one request over HTTP (not measured).
 * @param {string} url @param {number} items
 * @returns {Promise<Statement>}
 */
async function withdrawStatement(url, items) {
  // Not analyzed, as withdraw.mjs leaves it: statistics of an orders table holding one order or
  // none plan every lookup by earner and key as a read of the whole table, and with autovacuum off
  // (this machine kind's PostgreSQL) nothing gathers them again as the table grows.
  const server = await startGrab({ databaseUrl: url, label: 'statement-cpu', extraEnv: { LOG_LEVEL: 'warn' } });
  let recipients;
  try {
    // Written once the server has migrated and seeded (the institutions the recipients name).
    recipients = prepareEarners(url, items + 1, 1);
    const last = items + 1;
    await call(server.url, '/app/pay/pay-withdraw', {
      method: 'POST',
      token: tokenOf(last),
      body: { amount: 100, recipientId: recipients.get(last), idempotencyKey: 'statement-cpu-quote' },
    });
  } finally {
    await server.stop();
  }
  const [points, fee] = psql(url, `select points || ' ' || fee from withdraw_orders where idempotency_key = 'statement-cpu-quote'`).split(' ');
  const [settings, currency] = requestRules(url);
  const earners = psql(url, `select u.id || ':' || r.id from users u join recipients r on r.user_id = u.id where u.public_id like 'wbench-%' order by u.id`)
    .split('\n')
    .slice(0, items)
    .map((line) => line.split(':').map(Number));
  const now = new Date().toISOString();
  const fill = (/** @type {number} */ batch, /** @type {unknown} */ value) => Array(batch).fill(value);
  return {
    text: `select count(*) from wallet_request_withdrawals($1::int[], $2::text[], $3::bigint[], $4::int[], $5::timestamptz[], $6::text[], $7::jsonb[],
             $8::jsonb[], $9::text[], $10::bigint[], $11::bigint[], 'payout-dispatch')`,
    params: (n, batch) => {
      const mine = earners.slice(n, n + batch);
      return [
        mine.map(([user]) => user),
        mine.map(([user]) => `statement-cpu-${user}`),
        fill(batch, 100),
        mine.map(([, recipient]) => recipient),
        fill(batch, now),
        fill(batch, 'USD'),
        fill(batch, settings),
        fill(batch, currency),
        fill(batch, null),
        fill(batch, Number(points)),
        fill(batch, Number(fee)),
      ];
    },
  };
}

/**
 * One side: a connection to its database and the position of its next call's first item.
 * @param {string} name @param {string} url
 */
async function openSide(name, url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
  return { name, client, pid, next: 0, onCoreMs: 0, items: 0 };
}

/**
 * `calls` calls of `batch` items on one side, one after another; ms on a core per call.
 * @param {Awaited<ReturnType<typeof openSide>>} side @param {Statement} statement @param {number} batch @param {number} calls
 */
async function measure(side, statement, batch, calls) {
  const before = onCoreNs(side.pid);
  for (let i = 0; i < calls; i++) {
    await side.client.query({ name: 'measured', text: statement.text, values: statement.params(side.next, batch) });
    side.next += batch;
  }
  const ms = (onCoreNs(side.pid) - before) / 1e6;
  side.onCoreMs += ms;
  side.items += calls * batch;
  return ms / calls;
}

/**
 * The two sides' profiles side by side: each phase's share of the side's samples, and that share of
 * the side's ms on a core an item.
 * @param {Awaited<ReturnType<typeof openSide>>[]} sides @param {{ samples: number, shares: Map<string, number> }[]} profiles
 */
function printProfiles(sides, profiles) {
  const phases = [...PHASES.map((p) => p.name), OTHER];
  const perItem = sides.map((side) => side.onCoreMs / Math.max(1, side.items));
  const rows = phases.map((phase) => {
    const shares = profiles.map((p) => p.shares.get(phase) ?? 0);
    return { phase, shares, ms: shares.map((share, i) => share * /** @type {number} */ (perItem[i])) };
  });
  printTable(
    `Where each backend's time went (perf, ${profiles.map((p, i) => `${sides[i]?.name} ${p.samples} samples`).join(', ')}; ms an item over all the rounds' calls)`,
    ['phase', 'A share', 'B share', 'A ms an item', 'B ms an item'],
    rows.map((r) => [r.phase, ...r.shares.map((x) => `${(x * 100).toFixed(1)} %`), ...r.ms.map((x) => x.toFixed(4))]),
  );
  return rows;
}

/**
 * @param {{ scenario?: Scenario, aSql?: string, batches?: number[], rounds?: number, calls?: number, profile?: boolean }} [options]
 */
export async function run({ scenario = 'pass', aSql, batches = [1, 4, 10], rounds = 12, calls = 200, profile = false } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL on this machine');
  const perf = profile ? perfAvailable() : { ok: true, reason: '' };
  if (!perf.ok) throw new Error(`--profile needs perf: ${perf.reason}`);
  if (!['pass', 'withdraw'].includes(scenario)) throw new Error(`--scenario is pass or withdraw, not ${scenario}`);
  if (batches.some((b) => !Number.isInteger(b) || b < 1 || b > 64)) throw new Error('--batches are whole numbers from 1 to 64');
  const items = WARM_UP * Math.max(...batches) + rounds * calls * batches.reduce((a, b) => a + b, 0);
  const stamp = `${process.pid}_${Date.now()}`;
  const names = { fixture: `${DB_PREFIX}stmtcpu_${stamp}`, A: `${DB_PREFIX}stmtcpu_a_${stamp}`, B: `${DB_PREFIX}stmtcpu_b_${stamp}` };
  const fixtureUrl = createDatabase(adminUrl, names.fixture);
  /** @type {Awaited<ReturnType<typeof openSide>>[]} */
  const sides = [];
  /** @type {ReturnType<typeof startProfile>[]} */
  const recorders = [];
  /** @type {{ side: Awaited<ReturnType<typeof openSide>>, file: string }[]} */
  let profiling = [];
  try {
    // Each fixture is left as its benchmark leaves it: review-pass's queue analyzed once written, withdraw's earners not at all.
    const statement = scenario === 'pass' ? await passStatement(fixtureUrl, items) : await withdrawStatement(fixtureUrl, items);
    for (const name of /** @type {const} */ (['A', 'B'])) {
      psql(adminUrl, `create database ${names[name]} template ${names.fixture}`);
      const url = fixtureUrl.replace(names.fixture, names[name]);
      if (name === 'A' && aSql) psql(url, aSql);
      sides.push(await openSide(name, url));
    }
    const [a, b] = /** @type {[Awaited<ReturnType<typeof openSide>>, Awaited<ReturnType<typeof openSide>>]} */ (sides);
    for (const side of sides) await measure(side, statement, Math.max(...batches), WARM_UP);
    for (const side of sides) Object.assign(side, { onCoreMs: 0, items: 0 });
    profiling = profile ? sides.map((side) => ({ side, file: path.join(os.tmpdir(), `grab-${names.fixture}-${side.name}.perf`) })) : [];
    for (const { side, file } of profiling) recorders.push(startProfile(side.pid, file));
    console.log(`${scenario}: ${items} items on each side; ${rounds} rounds of ${calls} calls a batch size${aSql ? '' : ' (no --a-sql: A and B are the same, the spread is the noise)'}`);

    /** @type {Map<number, { a: number[], b: number[], ratios: number[] }>} */
    const figures = new Map(batches.map((batch) => [batch, { a: [], b: [], ratios: [] }]));
    for (let round = 0; round < rounds; round++) {
      for (const [i, batch] of batches.entries()) {
        const order = (round + i) % 2 === 0 ? [a, b] : [b, a];
        /** @type {Record<string, number>} */
        const ms = {};
        for (const side of order) ms[side.name] = await measure(side, statement, batch, calls);
        const figure = /** @type {{ a: number[], b: number[], ratios: number[] }} */ (figures.get(batch));
        figure.a.push(/** @type {number} */ (ms.A));
        figure.b.push(/** @type {number} */ (ms.B));
        figure.ratios.push(/** @type {number} */ (ms.B) / /** @type {number} */ (ms.A));
      }
    }
    for (const recorder of recorders.splice(0)) await recorder.stop();
    const profiles = [];
    for (const { file } of profiling) profiles.push(await phasesOf(file));
    const rows = batches.map((batch) => {
      const figure = /** @type {{ a: number[], b: number[], ratios: number[] }} */ (figures.get(batch));
      const sorted = [...figure.ratios].sort((x, y) => x - y);
      return {
        batch,
        aMs: median(figure.a),
        bMs: median(figure.b),
        ratio: median(figure.ratios),
        ratioRange: [sorted[0], sorted.at(-1)],
      };
    });
    printTable(
      `PostgreSQL's CPU per ${scenario} statement, one connection a side, median of ${rounds} rounds of ${calls} calls`,
      ['items a statement', 'A ms a call', 'B ms a call', 'B / A (median of the pairs)', 'pairs, lowest – highest', 'B ms an item'],
      rows.map((r) => [
        String(r.batch),
        r.aMs.toFixed(3),
        r.bMs.toFixed(3),
        times(r.ratio),
        `${times(/** @type {number} */ (r.ratioRange[0]))} – ${times(/** @type {number} */ (r.ratioRange[1]))}`,
        (r.bMs / r.batch).toFixed(3),
      ]),
    );
    const phases = profiles.length > 0 ? printProfiles(sides, profiles) : null;
    writeResult('statement-cpu', { machine: machine(), scenario, aSql: aSql ?? null, rounds, calls, rows, phases });
    return rows;
  } finally {
    for (const recorder of recorders) await recorder.stop().catch(() => undefined);
    // A run that failed before reading them leaves perf's files (about 100 MB a minute) behind otherwise.
    for (const { file } of profiling) for (const f of [file, `${file}.old`]) fs.rmSync(f, { force: true });
    for (const side of sides) await side.client.end().catch(() => undefined);
    for (const name of Object.values(names)) dropDatabase(adminUrl, name);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'pass' },
      'a-sql': { type: 'string' },
      batches: { type: 'string', default: '1,4,10' },
      rounds: { type: 'string', default: '12' },
      calls: { type: 'string', default: '200' },
      profile: { type: 'boolean', default: false },
    },
  });
  runAsScript(() =>
    run({
      scenario: /** @type {Scenario} */ (values.scenario),
      aSql: values['a-sql'] ? fs.readFileSync(values['a-sql'], 'utf8') : undefined,
      batches: values.batches.split(',').map(Number),
      rounds: Number(values.rounds),
      calls: Number(values.calls),
      profile: values.profile,
    }),
  );
}
