// Online time's heartbeats, the product's most frequent write: heartbeats per second that the server
// accepts over HTTP on PostgreSQL (many earners, 50 connections; each beat is noted in the process
// and merged into `presence_days` by one statement a second), as a ratio to `pgbench -N` with the
// same number of clients on the same PostgreSQL in the same run (before and after; the median).
//
// Then how many earners can be online at once: each earner beats once per 30 s, so N earners are
// N / 30 beats a second, arriving evenly (an open-loop load: a slow answer does not slow the
// arrivals); the earner count is stepped up at that rate until p95 latency passes 100 ms or the
// server cannot keep the rate. Afterwards the server is stopped gracefully (which
// flushes every beat) and the rows are reconciled against the beats that were accepted, and the
// ledger with `reconcile`.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/heartbeat.mjs
//       [--clients 50] [--earners 20000] [--seconds 15] [--pgbench-seconds 10] [--step-seconds 10]
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { rssSampler, serverProcessRss, startGrab } from './lib/grab-server.mjs';
import { pacedLoad } from './lib/paced.mjs';
import { databaseUrl, pgbench, pgbenchDatabase, psql, reconcile, unreconciled } from './lib/postgres.mjs';
import { isMain, machine, mb, median, percentile, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';

export const TARGET_RATIO = 1.0;
export const P95_BUDGET_MS = 100;
const HEARTBEAT_SECONDS = 30;
const SLOT_MS = 30_000;

/** The bearer token of the benchmark's n-th earner (tokens are 16 characters or more). */
const tokenOf = (/** @type {number} */ n) => `hbtoken-${String(n).padStart(9, '0')}`;

/**
 * Earners at level 2 (the online task's level) with a session whose token is `tokenOf(n)`, written
 * with SQL: registering thousands through argon2 would measure the fixture, not the path.
 * @param {string} url
 * @param {number} count
 */
function prepareEarners(url, count) {
  psql(
    url,
    `insert into users (public_id, phone, country, password_hash, invite_code, level)
       select 'hbench-' || g, '+9171' || lpad(g::text, 8, '0'), 'IN', 'not-a-login', 'HB' || g, 2 from generate_series(1, ${count}) g;
     insert into sessions (user_id, token_hash, expires_at)
       select id, encode(sha256(convert_to('hbtoken-' || lpad(substr(public_id, 8), 9, '0'), 'UTF8')), 'hex'), now() + interval '1 day' from users where public_id like 'hbench-%';
     analyze users; analyze sessions;`,
  );
}

/**
 * Heartbeats from earners `first … first + earners - 1` in turn, each its own token, for `seconds`;
 * as fast as the server answers.
 * Every answered beat is kept as (earner, sent, answered) for the reconciliation.
 * @param {{ url: string, taskId: number, connections: number, earners: number, first: number, seconds: number, beats: { n: number, sent: number, at: number }[] }} o
 */
function beatLoad({ url, taskId, connections, earners, first, seconds, beats }) {
  return new Promise((resolve, reject) => {
    /** @type {number[]} */
    const latencies = [];
    let non2xx = 0;
    let errors = 0;
    let next = 0;
    /** @type {Map<object, { n: number, sent: number }[]>} */
    const inFlight = new Map();
    const started = performance.now();
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        // `onResponse` and the per-connection context are autocannon's, not in the local typings.
        requests: /** @type {any} */ ([
          {
            method: 'GET',
            setupRequest: (/** @type {any} */ request, /** @type {object} */ context) => {
              const n = first + (next++ % earners);
              const client = /** @type {object} */ (context);
              const queue = inFlight.get(client) ?? [];
              queue.push({ n, sent: Date.now() });
              inFlight.set(client, queue);
              return { ...request, path: `/app/user/online?taskId=${taskId}`, headers: { authorization: `Bearer ${tokenOf(n)}` } };
            },
            onResponse: (/** @type {number} */ status, /** @type {unknown} */ _body, /** @type {object} */ context) => {
              const beat = inFlight.get(/** @type {object} */ (context))?.shift();
              if (status >= 200 && status < 300 && beat) beats.push({ ...beat, at: Date.now() });
            },
          },
        ]),
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, latencies, non2xx, errors, elapsed: (performance.now() - started) / 1000 });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) non2xx += 1;
    });
    instance.on('reqError', () => {
      errors += 1;
    });
  });
}

/**
 * @param {{ clients?: number, earners?: number, seconds?: number, pgbenchSeconds?: number, stepSeconds?: number, scale?: number }} [options]
 */
export async function run({ clients = 50, earners = 20_000, seconds = 15, pgbenchSeconds = 10, stepSeconds = 10, scale = 10 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL (this benchmark is about concurrent writes)');
  const suffix = `${process.pid}_${Date.now()}`;
  const grabDb = `grab_bench_heartbeat_${suffix}`;
  const baselineDb = `grab_bench_pgbench_h_${suffix}`;
  psql(adminUrl, `create database ${grabDb}`);
  const grabUrl = databaseUrl(adminUrl, grabDb);
  const steps = [1_500, 3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 144_000, 192_000, 288_000];
  const capacityEarners = steps.at(-1) ?? 0;
  /** @type {Awaited<ReturnType<typeof startGrab>> | undefined} */
  let server;
  try {
    const baselineUrl = pgbenchDatabase(adminUrl, baselineDb, scale);
    // The demo catalogue holds the online task; its accounts are not used.
    server = await startGrab({ databaseUrl: grabUrl, label: 'heartbeat', extraEnv: { LOG_LEVEL: 'warn', SEED_DEMO: '1', PG_POOL_MAX: '10' } });
    const serverPid = /** @type {number} */ (server.child.pid);
    prepareEarners(grabUrl, earners + capacityEarners);
    const taskId = Number(psql(grabUrl, `select id from tasks where kind = 'hang' order by id limit 1`));
    console.log(`${earners + capacityEarners} earners at level 2; online task ${taskId}; ${clients} clients`);
    const probe = await fetch(`${server.url}/app/user/online?taskId=${taskId}`, { headers: { authorization: `Bearer ${tokenOf(1)}` } }).then((r) => r.json());
    if (probe.code !== 200) throw new Error(`the benchmark's earners are not usable: ${JSON.stringify(probe)}`);

    /** @type {{ n: number, sent: number, at: number }[]} */
    const beats = [];
    const rss = rssSampler(serverPid);
    const before = pgbench(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N before: ${before.toFixed(0)} tps`);
    await beatLoad({ url: server.url, taskId, connections: clients, earners, first: 1, seconds: 3, beats });
    const full = /** @type {any} */ (await beatLoad({ url: server.url, taskId, connections: clients, earners, first: 1, seconds, beats }));
    const rps = full.result.requests.total / full.elapsed;
    server.assertAlive('the measured run');
    const after = pgbench(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N after: ${after.toFixed(0)} tps`);
    const baseline = median([before, after]);
    const ratio = rps / baseline;
    console.log(`heartbeats: ${rps.toFixed(0)}/s, ${times(ratio)} pgbench -N`);

    // Online earners: rate = earners / 30 per second, each earner its own token, stepped up.
    /** @type {{ earners: number, rate: number, achieved: number, p50: number, p95: number, p99: number, non2xx: number, errors: number, rss: number }[]} */
    const capacity = [];
    const first = earners + 1;
    for (const online of steps) {
      const rate = Math.round(online / HEARTBEAT_SECONDS);
      const step = await pacedLoad({
        url: server.url,
        connections: clients,
        rate,
        seconds: stepSeconds,
        request: (i) => ({ path: `/app/user/online?taskId=${taskId}`, headers: { authorization: `Bearer ${tokenOf(first + (i % online))}` } }),
        onAnswer: (i, status, sent, at) => {
          if (status >= 200 && status < 300) beats.push({ n: first + (i % online), sent, at });
        },
      });
      const figures = {
        earners: online,
        rate,
        achieved: step.ok / step.elapsed,
        p50: percentile(step.latencies, 50),
        p95: percentile(step.latencies, 95),
        p99: percentile(step.latencies, 99),
        non2xx: step.non2xx,
        errors: step.errors,
        rss: serverProcessRss(serverPid),
      };
      capacity.push(figures);
      console.log(`${online} online (${rate} beats/s): ${figures.achieved.toFixed(0)}/s, p95 ${figures.p95} ms`);
      if (figures.p95 > P95_BUDGET_MS || figures.achieved < rate * 0.9 || figures.non2xx + figures.errors > 0) break;
    }
    const held = capacity.filter((c) => c.p95 <= P95_BUDGET_MS && c.achieved >= c.rate * 0.9 && c.non2xx + c.errors === 0).at(-1);
    const peakRss = rss.peak();
    rss.stop();

    // A graceful stop flushes every noted beat; then the rows must hold each accepted beat's half-minute.
    const stopped = await server.stop();
    server = undefined;
    const certain = new Set();
    const possible = new Set();
    const earnersBeaten = new Set();
    for (const beat of beats) {
      earnersBeaten.add(beat.n);
      const from = Math.floor(beat.sent / SLOT_MS);
      const to = Math.floor(beat.at / SLOT_MS);
      if (from === to) certain.add(`${beat.n}:${from}`);
      for (let s = from; s <= to; s += 1) possible.add(`${beat.n}:${s}`);
    }
    const bits = Number(psql(grabUrl, `select coalesce(sum(bit_count(p.slots)), 0) from presence_days p join users u on u.id = p.user_id where u.public_id like 'hbench-%'`));
    const rows = Number(psql(grabUrl, `select count(distinct p.user_id) from presence_days p join users u on u.id = p.user_id where u.public_id like 'hbench-%'`));
    // The probe's beat is the one accepted beat not in `beats`.
    // A beat the client gave up on (timeout) may still have been accepted: it may add a half-minute
    // and an earner, never remove one.
    // So may the beats in flight when a run's time was up (one per connection per run).
    const unanswered = full.errors + capacity.reduce((sum, c) => sum + c.errors, 0) + clients * (2 + capacity.length);
    const lowest = certain.size;
    const highest = possible.size + 1 + unanswered;
    const rowsHold = bits >= lowest && bits <= highest && rows >= earnersBeaten.size && rows <= earnersBeaten.size + 1 + unanswered;
    const books = reconcile(grabUrl);
    const off = unreconciled(books);

    printTable(
      'Heartbeats vs pgbench -N (same PostgreSQL, same clients)',
      ['measure', 'figure'],
      [
        [`GET /app/user/online, beats/s (${earners} earners in turn, ${clients} connections, ${seconds} s)`, rps.toFixed(0)],
        ['  beats / non-2xx / errors', `${full.result.requests.total} / ${full.non2xx} / ${full.errors}`],
        ['  latency p50 / p95 / p99 (ms)', `${percentile(full.latencies, 50)} / ${percentile(full.latencies, 95)} / ${percentile(full.latencies, 99)}`],
        ['pgbench -N tps (before, after)', `${before.toFixed(0)}, ${after.toFixed(0)}`],
        ['ratio to pgbench -N (median)', `${times(ratio)} (target ≥ ${TARGET_RATIO}×: ${verdict(ratio >= TARGET_RATIO)})`],
        ...capacity.map((c) => [
          `${c.earners} online earners (${c.rate} beats/s)`,
          `${c.achieved.toFixed(0)}/s, p50 ${c.p50} / p95 ${c.p95} / p99 ${c.p99} ms, RSS ${mb(c.rss)}${c.non2xx + c.errors ? `, ${c.non2xx} non-2xx, ${c.errors} errors` : ''}`,
        ]),
        ['online earners held at p95 ≤ 100 ms', held ? String(held.earners) : 'none of the steps'],
        ['server RSS, highest', mb(peakRss)],
        ['stop (flushes every noted beat)', stopped.graceful ? `graceful, ${Math.round(stopped.ms)} ms` : 'killed after the timeout'],
        ['beats accepted / earners who beat / earners with rows', `${beats.length + 1} / ${earnersBeaten.size} / ${rows}`],
        ['half-minutes set in presence_days (expected range)', `${bits} (${lowest} … ${highest}): ${rowsHold ? 'holds' : 'DIFFERS'}`],
        ['ledger reconciliation', off.length === 0 ? 'holds' : off.join(', ')],
      ],
    );
    const figures = { machine: machine(), clients, earners, seconds, rps, pgbench: { before, after }, ratio, target: TARGET_RATIO, capacity, held: held?.earners ?? 0, peakRss, rows: { beats: beats.length + 1, earners: earnersBeaten.size, rows, bits, lowest, highest, holds: rowsHold }, books };
    writeResult('heartbeat', figures);
    return figures;
  } finally {
    await server?.stop();
    psql(adminUrl, `drop database if exists ${grabDb} with (force)`);
    psql(adminUrl, `drop database if exists ${baselineDb} with (force)`);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '50' },
      earners: { type: 'string', default: '20000' },
      seconds: { type: 'string', default: '15' },
      'pgbench-seconds': { type: 'string', default: '10' },
      'step-seconds': { type: 'string', default: '10' },
    },
  });
  runAsScript(() =>
    run({ clients: Number(values.clients), earners: Number(values.earners), seconds: Number(values.seconds), pgbenchSeconds: Number(values['pgbench-seconds']), stepSeconds: Number(values['step-seconds']) }),
  );
}
