// API throughput: requests per second of two authenticated reads of the Grab server, as a ratio to a
// bare Fastify route (bench/bare-fastify.mjs) measured in the same run on the same machine.
// autocannon runs in this process, bounded: a warm-up, then a fixed duration per endpoint with a
// fixed number of connections, 127.0.0.1 only. The bare route is measured before, between and after
// the rounds of Grab measurements (bare, task list, user info, bare, task list, user info, bare);
// each figure is the median of its runs, and every run's figure is kept, so drift on a busy machine
// shows.
//
// The Grab server runs on embedded PGlite (a fresh temporary data directory) and, when
// DATABASE_URL is set, a second time on that PostgreSQL, after the PGlite one has stopped; there
// `pgbench -S` runs beside every run of the bare route, and once more at the end.
//
//   node bench/api-throughput.mjs [--url http://127.0.0.1:8080] [--duration 10] [--connections 10]
//                                 [--warmup 3] [--rounds 2]
import { parseArgs } from 'node:util';
import { call, loginDemo } from './lib/grab-api.mjs';
import { startBareFastify, startGrab } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, pgbench, pgbenchDatabase } from './lib/postgres.mjs';
import { isMain, machine, median, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';

/** On PGlite, to the bare route (issue 15: PGlite runs on the server's own thread). */
export const TARGET_RATIO = 0.25;
/** On PostgreSQL, to `pgbench -S` with the same number of clients (issue 15). */
export const TARGET_RATIO_PG = 0.35;

/**
 * @typedef {object} Load
 * @property {number} connections
 * @property {number} duration     seconds of the measured run
 * @property {number} warmup       seconds of the warm-up run before each measured run
 * @property {number} rounds       measured runs per Grab endpoint; the bare route runs rounds + 1 times
 */

/**
 * @param {{ url: string, method?: 'GET' | 'POST', body?: string, headers?: Record<string, string> }} request
 * @param {Load} load
 */
async function measure(request, load) {
  const options = { ...request, connections: load.connections, pipelining: 1 };
  if (load.warmup > 0) await runLoad({ ...options, duration: load.warmup });
  const r = await runLoad({ ...options, duration: load.duration });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSecond: r.throughput.average,
    errorKinds: r.errorKinds,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

/**
 * Measures the two Grab reads against `grabUrl`, between two runs of the bare route.
 * @param {string} label
 * @param {string} grabUrl
 * @param {string} bareUrl
 * @param {Load} load
 * @param {(during: string) => void} assertAlive  throws when a server started here has ended
 * @param {() => void} [beside]  run at every slot of the bare route, so that a second baseline
 *   brackets the Grab measurements as the bare route does
 */
async function measureBackend(label, grabUrl, bareUrl, load, assertAlive, beside) {
  // The health answer names the database the server runs on.
  const health = await call(grabUrl, '/health').catch(() => undefined);
  const database = String(health?.envelope.data?.database ?? '');
  const backend = /pglite/i.test(database) ? 'PGlite' : /postgres/i.test(database) ? 'PostgreSQL' : label;
  const { token } = await loginDemo(grabUrl);
  const auth = { authorization: `Bearer ${token}` };
  // One checked call of each first: a benchmark of error answers would be meaningless.
  const taskList = await call(grabUrl, '/app/task/list', { token });
  const userInfo = await call(grabUrl, '/app/user/info', { method: 'POST', body: {}, token });
  const assetInfo = await call(grabUrl, '/app/user/assetInfo', { token });
  const bareTarget = { name: 'bare Fastify GET /bare', request: { url: `${bareUrl}/bare` } };
  const grabTargets = [
    { name: 'GET /app/task/list', request: { url: `${grabUrl}/app/task/list`, headers: auth }, responseBytes: taskList.bytes },
    {
      name: 'POST /app/user/info',
      request: { url: `${grabUrl}/app/user/info`, method: /** @type {const} */ ('POST'), body: '{}', headers: { ...auth, 'content-type': 'application/json' } },
      responseBytes: userInfo.bytes,
    },
    { name: 'GET /app/user/assetInfo', request: { url: `${grabUrl}/app/user/assetInfo`, headers: auth }, responseBytes: assetInfo.bytes },
  ];
  // bare, the Grab endpoints, bare, … : the baseline brackets every Grab measurement.
  const order = [bareTarget];
  for (let round = 0; round < load.rounds; round++) order.push(...grabTargets, bareTarget);
  /** @type {Map<string, Awaited<ReturnType<typeof measure>>[]>} */
  const samples = new Map();
  for (const t of order) {
    if (t === bareTarget) beside?.();
    const m = await measure(t.request, load);
    assertAlive(`${t.name}`);
    console.log(`  ${backend}: ${t.name}: ${Math.round(m.rps)} req/s`);
    samples.set(t.name, [...(samples.get(t.name) ?? []), m]);
  }
  const summarise = (/** @type {string} */ name) => {
    const list = samples.get(name) ?? [];
    return {
      name,
      rps: median(list.map((m) => m.rps)),
      samplesRps: list.map((m) => Math.round(m.rps)),
      latencyP50Ms: median(list.map((m) => m.latencyP50Ms)),
      latencyP99Ms: median(list.map((m) => m.latencyP99Ms)),
      non2xx: list.reduce((n, m) => n + m.non2xx, 0),
      errors: list.reduce((n, m) => n + m.errors + m.timeouts, 0),
      errorKinds: list.reduce((/** @type {Record<string, number>} */ all, m) => {
        for (const [k, v] of Object.entries(m.errorKinds)) all[k] = (all[k] ?? 0) + v;
        return all;
      }, {}),
    };
  };
  const bare = summarise(bareTarget.name);
  const baselineRps = bare.rps;
  const rows = [bare, ...grabTargets.map((t) => ({ ...summarise(t.name), responseBytes: t.responseBytes }))];
  return {
    backend,
    baselineRps,
    rows: rows.map((r) => ({ ...r, ratio: r.rps / baselineRps })),
  };
}

/**
 * @param {{ baseUrl?: string, duration?: number, connections?: number, warmup?: number, rounds?: number, assertAlive?: (during: string) => void }} [options]
 *   assertAlive: for a server at `baseUrl` started by the caller, throws when it has ended
 */
export async function run({ baseUrl, duration = 10, connections = 10, warmup = 3, rounds = 2, assertAlive } = {}) {
  // Bounded whatever is asked: a benchmark, not a load test.
  const clamp = (/** @type {number} */ v, /** @type {number} */ lo, /** @type {number} */ hi) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo));
  const load = {
    duration: clamp(duration, 1, 30),
    connections: clamp(connections, 1, 50),
    warmup: clamp(warmup, 0, 10),
    rounds: Math.round(clamp(rounds, 1, 5)),
  };
  const bare = await startBareFastify();
  /** @type {Awaited<ReturnType<typeof startGrab>>[]} */
  const started = [];
  /** @type {string[]} */
  const dropLater = [];
  try {
    /** @type {any[]} */
    const backends = [];
    let pgliteUrl = baseUrl;
    if (!pgliteUrl) {
      const server = await startGrab({ label: 'throughput' });
      started.push(server);
      pgliteUrl = server.url;
    }
    const ownCheck = started[0]?.assertAlive ?? assertAlive;
    const alive = (/** @type {string} */ during) => {
      bare.assertAlive(during);
      ownCheck?.(during);
    };
    backends.push(await measureBackend(baseUrl ? `server at ${baseUrl}` : 'PGlite', pgliteUrl, bare.url, load, alive));
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      // Its own throw-away database, and a pgbench one beside it: `pgbench -S` (one primary-key
      // select per transaction) with as many clients as autocannon has connections is the ceiling
      // these one-row reads are compared with.
      const suffix = `${process.pid}_${Date.now()}`;
      const grabDb = `${DB_PREFIX}throughput_${suffix}`;
      const baselineDb = `${DB_PREFIX}pgbench_s_${suffix}`;
      dropLater.push(grabDb, baselineDb);
      const grabUrl = createDatabase(adminUrl, grabDb);
      const baselineUrl = pgbenchDatabase(adminUrl, baselineDb, 10);
      // Each backend alone on the machine: the PGlite server, idle or not, keeps its timers.
      for (const s of started.splice(0)) await s.stop();
      const server = await startGrab({ label: 'throughput-pg', databaseUrl: grabUrl, extraEnv: { PG_POOL_MAX: String(load.connections) } });
      started.push(server);
      const alivePg = (/** @type {string} */ during) => {
        bare.assertAlive(during);
        server.assertAlive(during);
      };
      // pgbench -S runs at every slot of the bare route, before, between and after the Grab rounds:
      // on a noisy machine a baseline taken only at the ends misses what happened in the middle.
      /** @type {number[]} */
      const baselineRuns = [];
      const baseline = () => {
        const tps = pgbench(baselineUrl, load.connections, load.duration, '-S');
        console.log(`  pgbench -S: ${Math.round(tps)} tps`);
        baselineRuns.push(tps);
      };
      const measured = await measureBackend('PostgreSQL', server.url, bare.url, load, alivePg, baseline);
      baseline();
      const pgbenchS = median(baselineRuns);
      backends.push({
        ...measured,
        pgbenchS: { runs: baselineRuns, median: pgbenchS },
        rows: measured.rows.map((r) => ({ ...r, ratioPgbench: r.rps / pgbenchS })),
      });
    } else {
      console.log('  DATABASE_URL is not set: PostgreSQL is not measured');
    }

    printTable(
      `API throughput (autocannon, ${load.connections} connections, ${load.duration} s per run after ${load.warmup} s warm-up, median of the runs; target on PGlite ≥ ${TARGET_RATIO}× the bare route, on PostgreSQL ≥ ${TARGET_RATIO_PG}× pgbench -S)`,
      ['backend', 'endpoint', 'req/s', 'runs', 'ratio to bare', 'ratio to pgbench -S', 'verdict', 'p50', 'p99', 'non-2xx', 'errors'],
      backends.flatMap((b) =>
        b.rows.map((/** @type {any} */ r) => [
          b.backend,
          r.name,
          Math.round(r.rps),
          r.samplesRps.join(' '),
          times(r.ratio),
          r.ratioPgbench === undefined ? '—' : `${times(r.ratioPgbench)} (${Math.round(/** @type {any} */ (b).pgbenchS.median)})`,
          r.name.startsWith('bare') ? '—' : verdict(r.ratioPgbench === undefined ? r.ratio >= TARGET_RATIO : r.ratioPgbench >= TARGET_RATIO_PG),
          `${r.latencyP50Ms} ms`,
          `${r.latencyP99Ms} ms`,
          r.non2xx,
          r.errors,
        ]),
      ),
    );
    for (const b of backends) {
      for (const r of b.rows) {
        if (r.errors > 0) console.log(`  note: ${b.backend} ${r.name}: failed requests ${JSON.stringify(r.errorKinds)}`);
      }
    }
    const data = { benchmark: 'api-throughput', machine: machine(), load, target: TARGET_RATIO, targetPg: TARGET_RATIO_PG, backends };
    writeResult('api-throughput', data);
    return data;
  } finally {
    for (const s of started) await s.stop();
    await bare.stop();
    for (const name of dropLater) if (process.env.DATABASE_URL) dropDatabase(process.env.DATABASE_URL, name);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '2' },
    },
  });
  runAsScript(() =>
    run({ baseUrl: values.url, duration: Number(values.duration), connections: Number(values.connections), warmup: Number(values.warmup), rounds: Number(values.rounds) }),
  );
}
