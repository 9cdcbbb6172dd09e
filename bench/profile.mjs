// Where the server's CPU goes under load: starts Grab with `node --cpu-prof`, puts a scenario under
// load (autocannon, 10 connections), stops it and prints the functions with the most self time, as
// shares of all samples. On PGlite, and on a throw-away PostgreSQL database when DATABASE_URL is set
// (`--backend pg`). Scenarios:
//   reads        `POST /app/user/info` and `GET /app/task/list` (the two hot reads), for `--duration`
//   review-pass  `POST /admin/review/pass`, each request a different submission (PostgreSQL only;
//                `--submissions` of them), as bench/review-pass.mjs sends them
//
//   node bench/profile.mjs [--scenario reads|review-pass] [--backend pglite|pg] [--duration 8]
//       [--submissions 6000] [--top 25] [--keep-profile DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loginDemo, loginReviewer } from './lib/grab-api.mjs';
import { cpuMs, startGrab, tempDir } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql } from './lib/postgres.mjs';
import { isMain, printTable, runAsScript } from './lib/report.mjs';
import { prepareQueue } from './review-pass.mjs';

/**
 * Self time per function (name, file, line) of a `.cpuprofile`, largest first.
 * @param {string} file
 */
export function topFrames(file) {
  /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }} */
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  /** @type {Map<number, string>} */
  const nameOf = new Map();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').split('/node_modules/').at(-1)?.split('/').slice(-3).join('/')}:${lineNumber + 1}` : '';
    nameOf.set(n.id, `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`);
  }
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of profile.samples) {
    const name = nameOf.get(id) ?? '?';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, share: n / total }));
}

/**
 * The two hot reads, one after the other.
 * @param {string} url
 * @param {number} duration
 * @param {number | undefined} serverPid
 */
async function loadReads(url, duration, serverPid) {
  const { token } = await loginDemo(url);
  const auth = { authorization: `Bearer ${token}` };
  for (const request of [
    { url: `${url}/app/user/info`, method: /** @type {const} */ ('POST'), body: '{}', headers: { ...auth, 'content-type': 'application/json' } },
    { url: `${url}/app/task/list`, headers: auth },
  ]) {
    const before = cpuMs(serverPid);
    const r = await runLoad({ ...request, connections: 10, duration });
    const perRequest = (cpuMs(serverPid) - before) / r.requests.total;
    console.log(`${request.url.split('/app/')[1]}: ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}, server CPU ${perRequest.toFixed(3)} ms per request`);
  }
}

/**
 * Reviewer passes, each on a submission of its own, until the queue is empty. Also prints the CPU
 * time per pass of the server process and of the PostgreSQL connections serving it: which of the
 * two a pass waits on.
 * @param {string} url
 * @param {string} databaseUrl
 * @param {number} count
 * @param {number | undefined} serverPid
 */
async function loadReviewPasses(url, databaseUrl, count, serverPid) {
  const token = await loginReviewer(url);
  const queue = prepareQueue(databaseUrl, count);
  let next = queue.first;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const backends = () => psql(databaseUrl, `select string_agg(pid::text, ' ') from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`).split(' ').map(Number);
  // The pool opens its connections under load: the ones open at the end served the run.
  const [serverBefore, backendsBefore] = [cpuMs(serverPid), new Map(backends().map((pid) => [pid, cpuMs(pid)]))];
  const r = await runLoad({
    url,
    connections: 10,
    amount: count,
    requests: [{ method: 'POST', path: '/admin/review/pass', headers, setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({ ...request, body: JSON.stringify({ submissionId: next++ }) }) }],
  });
  const serverCpu = cpuMs(serverPid) - serverBefore;
  const backendCpu = backends().reduce((sum, pid) => sum + cpuMs(pid) - (backendsBefore.get(pid) ?? 0), 0);
  console.log(`review/pass: ${Math.round(r.requests.total / (r.activeMs / 1000))} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`);
  console.log(`CPU per pass: server ${(serverCpu / count).toFixed(2)} ms, PostgreSQL connections ${(backendCpu / count).toFixed(2)} ms (run ${(r.activeMs / 1000).toFixed(1)} s)`);
}

/**
 * @param {{ scenario?: string, backend?: string, duration?: number, submissions?: number, top?: number, keep?: string }} [options]
 *   `keep`: a folder the `.cpuprofile` is copied to (for a closer look, e.g. in a browser's profiler)
 */
export async function run({ scenario = 'reads', backend = scenario === 'review-pass' ? 'pg' : 'pglite', duration = 8, submissions = 6000, top = 25, keep } = {}) {
  if (!['reads', 'review-pass'].includes(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const profileDir = tempDir('cpu-prof');
  const adminUrl = process.env.DATABASE_URL;
  if (backend === 'pg' && !adminUrl) throw new Error('--backend pg needs DATABASE_URL');
  if (scenario === 'review-pass' && backend !== 'pg') throw new Error('the review-pass scenario runs on PostgreSQL only (--backend pg)');
  const dbName = backend === 'pg' ? `${DB_PREFIX}profile_${process.pid}_${Date.now()}` : null;
  const databaseUrl = dbName && adminUrl ? createDatabase(adminUrl, dbName) : undefined;
  try {
    const server = await startGrab({
      label: 'profile',
      databaseUrl,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      extraEnv: { LOG_LEVEL: 'warn', PG_POOL_MAX: '10' },
    });
    try {
      if (scenario === 'reads') await loadReads(server.url, duration, server.child.pid);
      else await loadReviewPasses(server.url, /** @type {string} */ (databaseUrl), submissions, server.child.pid);
    } finally {
      await server.stop();
    }
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    const all = topFrames(path.join(profileDir, file));
    // Shares of the time the process was busy too: an idle server waits on something else.
    const busy = 1 - (all.find((f) => f.name === '(idle)')?.share ?? 0);
    const frames = all.slice(0, top);
    printTable(
      `CPU profile of the server (${scenario}, ${backend}), self time, top ${top}`,
      ['share', 'of busy', 'function'],
      frames.map((f) => [`${(f.share * 100).toFixed(1)} %`, f.name === '(idle)' ? '' : `${((f.share / busy) * 100).toFixed(1)} %`, f.name]),
    );
    return frames;
  } finally {
    if (keep) fs.cpSync(profileDir, keep, { recursive: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
    if (dbName && adminUrl) dropDatabase(adminUrl, dbName);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'reads' },
      backend: { type: 'string' },
      duration: { type: 'string', default: '8' },
      submissions: { type: 'string', default: '6000' },
      top: { type: 'string', default: '25' },
      'keep-profile': { type: 'string' },
    },
  });
  runAsScript(() =>
    run({ scenario: values.scenario, backend: values.backend, duration: Number(values.duration), submissions: Number(values.submissions), top: Number(values.top), keep: values['keep-profile'] }),
  );
}
