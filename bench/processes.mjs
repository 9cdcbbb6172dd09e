// One API process versus several on one port (GRAB_PROCESSES), over one PostgreSQL: requests per
// second of `POST /app/user/info` and `GET /app/task/list` for each, and the ratio N-proc / 1-proc,
// measured in the same run on the same database (1 process, N processes, 1 process again; the
// one-process figure is the median of its two runs, so drift on a busy machine shows).
//
// autocannon runs in this process and takes CPU from the same cores: on a two-core machine the
// ratio is what the server gains while its load generator shares the machine, not a clean scaling.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/processes.mjs
//       [--processes 2] [--duration 8] [--warmup 2] [--connections 20]
import { call, loginDemo } from './lib/grab-api.mjs';
import { startGrab, treeRss } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase } from './lib/postgres.mjs';
import { isMain, machine, mb, median, numericOptions, printTable, runAsScript, times, writeResult } from './lib/report.mjs';

/**
 * @param {string} baseUrl
 * @param {{ duration: number, warmup: number, connections: number }} load
 */
async function measureReads(baseUrl, load) {
  const { token } = await loginDemo(baseUrl);
  // One checked call of each first: a benchmark of error answers would be meaningless.
  await call(baseUrl, '/app/task/list', { token });
  await call(baseUrl, '/app/user/info', { method: 'POST', body: {}, token });
  /** @type {{ name: string, request: { url: string, method: 'GET' | 'POST', body?: string, headers: Record<string, string> } }[]} */
  const targets = [
    { name: 'POST /app/user/info', request: { url: `${baseUrl}/app/user/info`, method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } } },
    { name: 'GET /app/task/list', request: { url: `${baseUrl}/app/task/list`, method: 'GET', headers: { authorization: `Bearer ${token}` } } },
  ];
  /** @type {Record<string, { rps: number, p99: number, errors: number }>} */
  const out = {};
  for (const target of targets) {
    /** @type {import('autocannon').Options} */
    const options = { ...target.request, connections: load.connections, pipelining: 1 };
    if (load.warmup > 0) await runLoad({ ...options, duration: load.warmup });
    const r = await runLoad({ ...options, duration: load.duration });
    out[target.name] = { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
  }
  return out;
}

/**
 * @param {{ processes?: number, duration?: number, warmup?: number, connections?: number }} [options]
 */
export async function run({ processes = 2, duration = 8, warmup = 2, connections = 20 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL (several processes need one)');
  const name = `${DB_PREFIX}processes_${process.pid}_${Date.now()}`;
  const url = createDatabase(adminUrl, name);
  const load = { duration, warmup, connections };
  /** @type {{ processes: number, reads: Awaited<ReturnType<typeof measureReads>>, rss: number }[]} */
  const runs = [];
  try {
    for (const count of [1, processes, 1]) {
      // Each process keeps its own pool: the total stays the same as one process's default.
      const pool = String(Math.max(2, Math.floor(10 / count)));
      const server = await startGrab({ databaseUrl: url, label: `processes-${count}`, extraEnv: { GRAB_PROCESSES: String(count), PG_POOL_MAX: pool } });
      try {
        const reads = await measureReads(server.url, load);
        runs.push({ processes: count, reads, rss: treeRss(/** @type {number} */ (server.child.pid)) });
        server.assertAlive(`${count} process(es)`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    dropDatabase(adminUrl, name);
  }
  const singles = runs.filter((r) => r.processes === 1);
  const many = /** @type {(typeof runs)[number]} */ (runs.find((r) => r.processes === processes));
  const rows = Object.keys(many.reads).map((endpoint) => {
    const one = median(singles.map((r) => r.reads[endpoint]?.rps ?? 0));
    const n = many.reads[endpoint]?.rps ?? 0;
    return { endpoint, oneProcess: one, oneProcessRuns: singles.map((r) => Math.round(r.reads[endpoint]?.rps ?? 0)), nProcesses: n, ratio: n / one, errors: runs.reduce((sum, r) => sum + (r.reads[endpoint]?.errors ?? 0), 0) };
  });
  printTable(
    `API processes on one port, PostgreSQL, ${connections} connections, ${duration} s per run (${machine().cpus} cores, load average ${machine().loadAverage.join(' ')})`,
    ['call', 'req/s 1 process (runs)', `req/s ${processes} processes`, `ratio ${processes}/1`, 'errors'],
    rows.map((r) => [r.endpoint, `${Math.round(r.oneProcess)} (${r.oneProcessRuns.join(', ')})`, Math.round(r.nProcesses), times(r.ratio), r.errors]),
  );
  printTable('RSS of the server tree after the load', ['processes', 'RSS'], runs.map((r) => [r.processes, mb(r.rss)]));
  const result = { benchmark: 'processes', machine: machine(), processes, load, runs, rows };
  writeResult('processes', result);
  return result;
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ processes: 2, duration: 8, warmup: 2, connections: 20 })));
