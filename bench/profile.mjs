// Where the server's CPU goes under load: starts Grab with `node --cpu-prof`, puts a scenario under
// load (autocannon, 10 connections), stops it and prints the functions with the most self time, as
// shares of all samples. On PGlite, and on a throw-away PostgreSQL database when DATABASE_URL is set
// (`--backend pg`). Scenarios:
//   reads        `POST /app/user/info` and `GET /app/task/list` (the two hot reads), for `--duration`
//   review-pass  `POST /admin/review/pass`, each request a different submission (PostgreSQL only;
//                `--submissions` of them), as bench/review-pass.mjs sends them
//   withdraw     `POST /app/pay/pay-withdraw`, each request from an earner not seen before (PostgreSQL
//                only; `--submissions` earners), as bench/withdraw.mjs sends them, its payouts
//                dispatched in the same process as they are in production
//
// Besides the frames, the busy samples are summed by where their code lives (Node itself, the
// server's own code, or a package), which says more than any one frame when no frame stands out.
//
//   node bench/profile.mjs [--scenario reads|review-pass|withdraw] [--backend pglite|pg] [--duration 8]
//       [--submissions 6000] [--top 25] [--keep-profile DIR]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loginDemo, loginReviewer } from './lib/grab-api.mjs';
import { cpuMs, SERVER_MAIN, startGrab, tempDir } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql } from './lib/postgres.mjs';
import { isMain, printTable, runAsScript } from './lib/report.mjs';
import { prepareQueue } from './review-pass.mjs';
import { prepareEarners, withdrawalRequests } from './withdraw.mjs';

/** @typedef {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }} CpuProfile */

/**
 * Self time per function (name, file, line) of a `.cpuprofile`, largest first.
 * @param {CpuProfile} profile
 */
export function topFrames(profile) {
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
 * Self time of the busy samples of a `.cpuprofile` by where the code lives: a package of the bundle
 * (from the `// node_modules/<package>/…` markers the bundler leaves before each module), the
 * server's own code, Node's internals, or the engine (garbage collector, native calls), largest first,
 * as shares of the busy samples.
 * @param {CpuProfile} profile
 * @param {string} bundle the server's `main.js`, whose markers name the package of each line
 */
export function sharesByOrigin(profile, bundle) {
  // The package of each line of the bundle: the last marker above it.
  /** @type {string[]} */
  const owner = [];
  let current = 'server';
  for (const line of fs.readFileSync(bundle, 'utf8').split('\n')) {
    const marker = /^\/\/ (?:\.\.\/)*(?:node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)|(src|\.\.\/shared)\/)/.exec(line);
    if (marker) current = marker[1] ?? 'server';
    owner.push(current);
  }
  const bundleUrl = `file://${path.resolve(bundle)}`;
  /** @type {Map<number, string>} */
  const originOf = new Map();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    let origin;
    if (functionName === '(idle)') origin = '(idle)';
    else if (url === bundleUrl) origin = owner[lineNumber] ?? 'server';
    else if (url.startsWith('node:')) origin = 'Node';
    else if (!url) origin = `engine: ${functionName || '(anonymous)'}`;
    else origin = 'other files';
    originOf.set(n.id, origin);
  }
  /** @type {Map<string, number>} */
  const counts = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const origin = originOf.get(id) ?? 'other files';
    if (origin === '(idle)') continue;
    busy += 1;
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([origin, n]) => ({ origin, share: n / busy }));
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
 * Reviewer passes, each on a submission of its own, until the queue is empty.
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
  await loadWithCpu(url, databaseUrl, serverPid, 'review/pass', count, [
    { method: 'POST', path: '/admin/review/pass', headers, setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({ ...request, body: JSON.stringify({ submissionId: next++ }) }) },
  ]);
}

/**
 * `count` requests from 10 connections; prints their rate and the CPU time per request of the
 * server process and of the PostgreSQL connections serving it (which of the two a request waits
 * on). Refuses a run with a refused request: its profile would be of the refusals.
 * @param {string} url
 * @param {string} databaseUrl
 * @param {number | undefined} serverPid
 * @param {string} label
 * @param {number} count
 * @param {import('autocannon').RequestSpec[]} requests
 */
async function loadWithCpu(url, databaseUrl, serverPid, label, count, requests) {
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const backends = () => psql(databaseUrl, `select string_agg(pid::text, ' ') from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`).split(' ').map(Number);
  // The pool opens its connections under load: the ones open at the end served the run.
  const [serverBefore, backendsBefore] = [cpuMs(serverPid), new Map(backends().map((pid) => [pid, cpuMs(pid)]))];
  const r = await runLoad({ url, connections: 10, amount: count, requests });
  const serverCpu = cpuMs(serverPid) - serverBefore;
  const backendCpu = backends().reduce((sum, pid) => sum + cpuMs(pid) - (backendsBefore.get(pid) ?? 0), 0);
  console.log(`${label}: ${Math.round(r.requests.total / (r.activeMs / 1000))} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`);
  if (r.non2xx > 0 || r.errors > 0) throw new Error('requests were refused: this profile would be of the refusals');
  console.log(`CPU per request: server ${(serverCpu / count).toFixed(2)} ms, PostgreSQL connections ${(backendCpu / count).toFixed(2)} ms (run ${(r.activeMs / 1000).toFixed(1)} s)`);
}

/**
 * Withdrawal requests, each from an earner not seen before (a balance, a recipient past its
 * cooling-off, a session the cache does not hold), as bench/withdraw.mjs sends them.
 * @param {string} url
 * @param {string} databaseUrl
 * @param {number} count
 * @param {number | undefined} serverPid
 */
async function loadWithdrawals(url, databaseUrl, count, serverPid) {
  const recipients = prepareEarners(databaseUrl, count, 1);
  let next = 1;
  await loadWithCpu(url, databaseUrl, serverPid, 'pay-withdraw', count, withdrawalRequests(recipients, `profile-withdraw-${process.pid}`, () => next++));
}

/**
 * @param {{ scenario?: string, backend?: string, duration?: number, submissions?: number, top?: number, keep?: string }} [options]
 *   `keep`: a folder the `.cpuprofile` is copied to (for a closer look, e.g. in a browser's profiler)
 */
export async function run({ scenario = 'reads', backend = scenario === 'reads' ? 'pglite' : 'pg', duration = 8, submissions = 6000, top = 25, keep } = {}) {
  if (!['reads', 'review-pass', 'withdraw'].includes(scenario)) throw new Error(`unknown scenario ${scenario}`);
  const profileDir = tempDir('cpu-prof');
  const adminUrl = process.env.DATABASE_URL;
  if (backend === 'pg' && !adminUrl) throw new Error('--backend pg needs DATABASE_URL');
  if (scenario !== 'reads' && backend !== 'pg') throw new Error(`the ${scenario} scenario runs on PostgreSQL only (--backend pg)`);
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
      else if (scenario === 'review-pass') await loadReviewPasses(server.url, /** @type {string} */ (databaseUrl), submissions, server.child.pid);
      else await loadWithdrawals(server.url, /** @type {string} */ (databaseUrl), submissions, server.child.pid);
    } finally {
      await server.stop();
    }
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    /** @type {CpuProfile} */
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8'));
    const all = topFrames(profile);
    // Shares of the time the process was busy too: an idle server waits on something else.
    const busy = 1 - (all.find((f) => f.name === '(idle)')?.share ?? 0);
    const frames = all.slice(0, top);
    printTable(
      `CPU profile of the server (${scenario}, ${backend}), self time, top ${top}`,
      ['share', 'of busy', 'function'],
      frames.map((f) => [`${(f.share * 100).toFixed(1)} %`, f.name === '(idle)' ? '' : `${((f.share / busy) * 100).toFixed(1)} %`, f.name]),
    );
    const origins = sharesByOrigin(profile, SERVER_MAIN).slice(0, top);
    printTable(
      `The same busy samples by where the code lives (${scenario}, ${backend}); "server" includes @grab/shared`,
      ['of busy', 'where'],
      origins.map((o) => [`${(o.share * 100).toFixed(1)} %`, o.origin]),
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
