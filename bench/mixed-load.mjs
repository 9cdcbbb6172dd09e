// A realistic mixed load: simulated earners, driven from this process against a Grab server in its
// own process, with bounded counts and time. Each earner opens Home (user info, assets, task list,
// the three calls a client makes at once), sends a presence heartbeat every 30 s, and now and then
// collects a reward (a repeatable "open the channel" task the benchmark adds: open, then collect);
// one in 20 uploads a screenshot and one in 50 requests a withdrawal (funded beforehand through a
// one-time task of its own, with a saved UPI recipient), each once, at a moment of the step in which
// the earner arrives.
//
// Time is compressed by --compress (default 10): a 30 s heartbeat is sent every 3 s, and an earner
// acts every 1 s instead of every 10 s, so each simulated earner stands for --compress real ones in
// request rate. The earner count is stepped (--steps); each step runs --stepSeconds; the capacity
// is the largest step whose p95 over all calls is ≤ 200 ms with under 1 % errors. Stepping stops at
// the first step over the bound.
//
// The heartbeat (`GET /app/user/online?taskId=` of the seed's online-time task) is counted as "not available" while the server does not
// answer it with code 200: the figure then says so, and nothing fails.
//
// Afterwards the books are reconciled with the server's own check (balances = entries, all
// accounts sum to zero). PGlite always; PostgreSQL too when DATABASE_URL is set.
//
//   [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] node bench/mixed-load.mjs
//       [--steps 10,20,40,80,160,320,640] [--stepSeconds 20] [--compress 10]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { call, registerEarner } from './lib/grab-api.mjs';
import { screenshotPng } from './lib/images.mjs';
import { cpuMs, REPO_ROOT, rssSampler, SERVER_NODE, startGrab, tempDir } from './lib/grab-server.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql, reconcile, unreconciled } from './lib/postgres.mjs';
import { isMain, machine, mb, numericOptions, percentile, printTable, runAsScript, writeResult } from './lib/report.mjs';

export const P95_BOUND_MS = 200;
const HEARTBEAT_MS = 30_000;
const THINK_MS = 10_000;
const SERVER_CLI = path.join(REPO_ROOT, 'server', 'dist', 'cli.js');
const SERVER_ENV = { COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '1000', UPLOADS_PER_HOUR: '1000', LOG_LEVEL: 'warn' };

/** The two tasks the benchmark adds: SQL run before earners arrive (the catalogue is then read fresh). */
const BENCH_TASKS_SQL = `
  insert into tasks (kind, schedule, title, description, reward, reset_time, times_per_period)
    values ('joinGroup', 'recurring', 'Bench: open the channel', 'A repeatable task of the mixed-load benchmark', 1_00, '00:00', 10000);
  insert into task_steps (task_id, position, action, h5_url, title)
    select id, 0, 'open', '/joinTgTask', 'Open' from tasks where title = 'Bench: open the channel';
  insert into tasks (kind, schedule, title, description, reward)
    values ('joinGroup', 'once', 'Bench: fund a withdrawal', 'Funds the withdrawing earners of the mixed-load benchmark', 2000_00);
  insert into task_steps (task_id, position, action, h5_url, title)
    select id, 0, 'open', '/joinTgTask', 'Open' from tasks where title = 'Bench: fund a withdrawal';
`.replaceAll('1_00', '100').replaceAll('2000_00', '200000');


/** Runs SQL on a PGlite data directory while no server holds it. @param {string} dataDir @param {string} sql */
async function pgliteExec(dataDir, sql) {
  const require = createRequire(path.join(REPO_ROOT, 'server', 'package.json'));
  const entry = require.resolve('@electric-sql/pglite').replace(/index\.cjs$/, 'index.js');
  const { PGlite } = await import(pathToFileURL(entry).href);
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

/**
 * @param {{ latencies: number[], byName: Record<string, number[]>, counts: Record<string, number> }} stats
 * @param {string} name
 * @param {number} ms
 */
function record(stats, name, ms) {
  stats.latencies.push(ms);
  const list = stats.byName[name] ?? [];
  list.push(ms);
  stats.byName[name] = list;
  stats.counts[name] = (stats.counts[name] ?? 0) + 1;
}

/**
 * One timed call; every call of the run goes through here, so the percentile covers all of them.
 * @param {{ latencies: number[], byName: Record<string, number[]>, errors: Record<string, number>, counts: Record<string, number> }} stats
 * @param {string} name
 * @param {() => Promise<Response>} send
 * @returns {Promise<any>} the envelope, or undefined when it failed
 */
async function timed(stats, name, send) {
  const started = performance.now();
  try {
    const response = await send();
    const envelope = await response.json();
    record(stats, name, performance.now() - started);
    if (!response.ok || envelope.code !== 200) {
      const kind = `${name}: ${response.status}/${envelope.code}`;
      stats.errors[kind] = (stats.errors[kind] ?? 0) + 1;
      return undefined;
    }
    return envelope;
  } catch (error) {
    stats.latencies.push(performance.now() - started);
    const kind = `${name}: ${error instanceof Error ? error.message : String(error)}`;
    stats.errors[kind] = (stats.errors[kind] ?? 0) + 1;
    return undefined;
  }
}

/**
 * @typedef {{ token: string, index: number, recipientId?: number, withdrawAmount?: number, uploaded?: boolean, withdrew?: boolean }} Earner
 * @typedef {{ repeatable: { id: number, step: number }, funding: { id: number, step: number }, online: { id: number, step: number } }} BenchTasks
 */

/**
 * Signs earners up through the real registration and prepares the withdrawing ones (funding task,
 * UPI recipient). Not timed: it is the fixture, not the load.
 * @param {string} baseUrl
 * @param {number} count
 * @param {number} offset
 * @param {BenchTasks} tasks
 * @returns {Promise<Earner[]>}
 */
async function prepareEarners(baseUrl, count, offset, tasks) {
  /** @type {Earner[]} */
  const earners = [];
  const queue = Array.from({ length: count }, (_, i) => offset + i);
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const phone = `7${String(process.pid % 1000).padStart(3, '0')}${String(index).padStart(6, '0')}`;
      const { token } = await registerEarner(baseUrl, { phone, inviteCode: 'ROOT01' });
      /** @type {Earner} */
      const earner = { token, index };
      if (index % 50 === 0) {
        await call(baseUrl, '/app/task/leading-task', { method: 'POST', body: { taskId: tasks.funding.id, stepId: tasks.funding.step }, token });
        await call(baseUrl, `/app/task/collect?taskId=${tasks.funding.id}`, { token });
        const upi = (await call(baseUrl, '/app/pay/institutionList?method=upi', { token })).envelope.data[0];
        const recipient = await call(baseUrl, '/app/pay/userRecipientSave', { method: 'POST', body: { method: 'upi', institutionId: upi.id, name: 'Bench Earner', account: `bench${index}@okbank` }, token });
        const options = (await call(baseUrl, '/app/pay/withdraw-options', { token })).envelope.data;
        earner.recipientId = recipient.envelope.data.id;
        earner.withdrawAmount = options.minAmount;
      }
      earners.push(earner);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return earners.sort((a, b) => a.index - b.index);
}

/**
 * One simulated earner until `until`.
 * @param {string} baseUrl
 * @param {Earner} earner
 * @param {BenchTasks} tasks
 * @param {{ until: number, compress: number, stats: any, screenshot: Buffer }} run
 */
async function earnerLoop(baseUrl, earner, tasks, { until, compress, stats, screenshot }) {
  const auth = { authorization: `Bearer ${earner.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const get = (/** @type {string} */ p) => () => fetch(`${baseUrl}${p}`, { headers: auth });
  const post = (/** @type {string} */ p, /** @type {unknown} */ body) => () => fetch(`${baseUrl}${p}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, until - Date.now()))));
  const openHome = () =>
    Promise.all([timed(stats, 'user/info', post('/app/user/info', {})), timed(stats, 'assetInfo', get('/app/user/assetInfo')), timed(stats, 'task/list', get('/app/task/list'))]);
  const heartbeat = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/app/user/online?taskId=${tasks.online.id}`, { headers: auth }).catch(() => undefined);
    const envelope = response ? await response.json().catch(() => undefined) : undefined;
    if (envelope?.code === 200) {
      record(stats, 'heartbeat', performance.now() - started);
    } else stats.heartbeatUnavailable += 1;
  };

  // Earners arrive spread over the first think time, not all in the same millisecond.
  await sleep(Math.random() * (THINK_MS / compress));
  // An earner's one upload and one withdrawal come at a moment drawn over the step they arrive in,
  // leaving time for the action before the step ends. At their first action instead, every new
  // earner's came in the step's first two seconds, and their p95 measured that burst.
  const someMomentOfTheStep = () => Date.now() + Math.random() * Math.max(0, until - Date.now() - (1.5 * THINK_MS) / compress);
  const uploadAt = earner.index % 20 === 1 && !earner.uploaded ? someMomentOfTheStep() : Number.POSITIVE_INFINITY;
  const withdrawAt = earner.recipientId && !earner.withdrew ? someMomentOfTheStep() : Number.POSITIVE_INFINITY;
  await openHome();
  await heartbeat();
  let nextHeartbeat = Date.now() + HEARTBEAT_MS / compress;
  while (Date.now() < until) {
    await sleep((THINK_MS / compress) * (0.5 + Math.random()));
    if (Date.now() >= until) break;
    if (Date.now() >= nextHeartbeat) {
      nextHeartbeat += HEARTBEAT_MS / compress;
      await heartbeat();
    }
    // Each earner uploads and withdraws at most once in the whole run.
    if (!earner.uploaded && Date.now() >= uploadAt) {
      earner.uploaded = true;
      await timed(stats, 'upload', () => fetch(`${baseUrl}/app/upload/image`, { method: 'POST', headers: { ...auth, 'content-type': 'image/png' }, body: new Uint8Array(screenshot) }));
    } else if (!earner.withdrew && Date.now() >= withdrawAt) {
      earner.withdrew = true;
      await timed(stats, 'pay-withdraw', post('/app/pay/pay-withdraw', { amount: earner.withdrawAmount, recipientId: earner.recipientId, idempotencyKey: `bench-withdrawal-${process.pid}-${earner.index}` }));
    } else if (Math.random() < 0.3) {
      await timed(stats, 'leading-task', post('/app/task/leading-task', { taskId: tasks.repeatable.id, stepId: tasks.repeatable.step }));
      await timed(stats, 'collect', get(`/app/task/collect?taskId=${tasks.repeatable.id}`));
    } else {
      await openHome();
    }
  }
}

/**
 * Steps the earner count against one running server.
 * @param {{ url: string, child: import('node:child_process').ChildProcess }} server
 * @param {BenchTasks} tasks
 * @param {{ steps: number[], stepSeconds: number, compress: number }} options
 */
async function stepLoad(server, tasks, { steps, stepSeconds, compress }) {
  const screenshot = screenshotPng();
  /** @type {Earner[]} */
  const earners = [];
  const rows = [];
  for (const count of steps) {
    // The earners of the last step stay; only the new ones sign up.
    earners.push(...(await prepareEarners(server.url, count - earners.length, earners.length, tasks)));
    const stats = { latencies: /** @type {number[]} */ ([]), errors: /** @type {Record<string, number>} */ ({}), byName: /** @type {Record<string, number[]>} */ ({}), counts: /** @type {Record<string, number>} */ ({}), heartbeatUnavailable: 0 };
    const rss = rssSampler(/** @type {number} */ (server.child.pid));
    // The server's CPU a call: at a load the machine holds, a steadier figure than the p95, which a
    // noisy neighbour moves; on PGlite it includes the database, which runs on the server's thread.
    const cpuBefore = cpuMs(server.child.pid);
    const started = performance.now();
    const until = Date.now() + stepSeconds * 1000;
    await Promise.all(earners.map((earner) => earnerLoop(server.url, earner, tasks, { until, compress, stats, screenshot })));
    const seconds = (performance.now() - started) / 1000;
    const rssPeak = rss.peak();
    rss.stop();
    const calls = stats.latencies.length;
    const serverCpuMs = cpuMs(server.child.pid) - cpuBefore;
    const errorCount = Object.values(stats.errors).reduce((a, b) => a + b, 0);
    const row = {
      earners: count,
      realEarners: count * compress,
      calls,
      rps: calls / seconds,
      p50: percentile(stats.latencies, 50),
      p95: percentile(stats.latencies, 95),
      p99: percentile(stats.latencies, 99),
      errors: errorCount,
      errorKinds: stats.errors,
      counts: stats.counts,
      p95ByCall: Object.fromEntries(Object.entries(stats.byName).map(([name, values]) => [name, Math.round(percentile(values, 95))])),
      heartbeat: stats.heartbeatUnavailable > 0 && !stats.counts.heartbeat ? 'not available' : `${stats.counts.heartbeat ?? 0} sent`,
      rssPeak,
      serverCpuPerCallMs: calls > 0 ? serverCpuMs / calls : null,
    };
    rows.push(row);
    console.log(
      `  ${count} earners (≈ ${count * compress} real): ${calls} calls, ${row.rps.toFixed(0)}/s, p95 ${row.p95.toFixed(1)} ms, errors ${errorCount}, heartbeat ${row.heartbeat}, RSS ${mb(rssPeak)}, server CPU ${row.serverCpuPerCallMs?.toFixed(2) ?? '?'} ms a call`,
      `\n    p95 by call (ms): ${Object.entries(row.p95ByCall).map(([name, p]) => `${name} ${p}`).join(', ')}`,
    );
    if (row.p95 > P95_BOUND_MS || errorCount > calls / 100) break;
  }
  return rows;
}

/** @param {string} label */
function capacityOf(/** @type {any[]} */ rows, label) {
  const within = rows.filter((r) => r.p95 <= P95_BOUND_MS && r.errors <= r.calls / 100);
  const best = within.at(-1);
  return { label, earners: best?.earners ?? 0, realEarners: best?.realEarners ?? 0, reachedEnd: within.length === rows.length };
}

/** The benchmark's tasks, by title, read with SQL. @param {(sql: string) => string} query */
async function benchTasks(query) {
  const parse = async (/** @type {string} */ title) => {
    const [id, step] = String(await query(`select t.id || ' ' || s.id from tasks t join task_steps s on s.task_id = t.id where t.title = '${title}'`)).trim().split(' ').map(Number);
    return { id: /** @type {number} */ (id), step: /** @type {number} */ (step) };
  };
  // The seed's online-time task: the heartbeat names it.
  return { repeatable: await parse('Bench: open the channel'), funding: await parse('Bench: fund a withdrawal'), online: await parse('Stay online') };
}

/** Waits for the withdrawals' payouts to settle, so the books are read at rest. */
async function settle() {
  await new Promise((r) => setTimeout(r, 5_000));
}

/** @param {{ steps: number[], stepSeconds: number, compress: number }} options */
async function onPglite(options) {
  const workDir = tempDir('mixed-pglite');
  const dataDir = path.join(workDir, 'data');
  try {
    // A first start makes and seeds the database; the benchmark's tasks go in while it is stopped.
    const first = await startGrab({ dataDir, label: 'mixed-pglite', extraEnv: SERVER_ENV });
    await first.stop();
    await pgliteExec(dataDir, BENCH_TASKS_SQL);
    const server = await startGrab({ dataDir, label: 'mixed-pglite', extraEnv: SERVER_ENV });
    let rows;
    try {
      rows = await stepLoad(server, await findTasksOverApi(server.url), options);
      await settle();
    } finally {
      await server.stop();
    }
    const result = spawnSync(SERVER_NODE, [SERVER_CLI, 'reconcile', '--json'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } });
    const line = result.stdout.trim().split('\n').at(-1) ?? '';
    if (!line.startsWith('{')) throw new Error(`reconcile printed nothing: ${result.stderr.trim()}`);
    const { platform, ...books } = JSON.parse(line);
    return { backend: 'PGlite', rows, books: { ...books, platform: JSON.stringify(platform) } };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Finds the benchmark's tasks in the task list, as a client would (PGlite has no second connection).
 * @param {string} baseUrl
 * @returns {Promise<BenchTasks>}
 */
async function findTasksOverApi(baseUrl) {
  const [scout] = await prepareEarners(baseUrl, 1, 999_999, /** @type {any} */ ({}));
  const list = (await call(baseUrl, '/app/task/list', { token: /** @type {Earner} */ (scout).token })).envelope.data;
  /** @param {string} title */
  const find = (title) => {
    const task = list.find((/** @type {{ title: string }} */ t) => t.title === title);
    if (!task) throw new Error(`the task list has no '${title}'`);
    return { id: Number(task.id), step: Number(task.taskBranchList[0].id) };
  };
  return { repeatable: find('Bench: open the channel'), funding: find('Bench: fund a withdrawal'), online: find('Stay online') };
}

/** @param {{ steps: number[], stepSeconds: number, compress: number }} options */
async function onPostgres(options) {
  const adminUrl = /** @type {string} */ (process.env.DATABASE_URL);
  const name = `${DB_PREFIX}mixed_${process.pid}_${Date.now()}`;
  const url = createDatabase(adminUrl, name);
  try {
    const server = await startGrab({ databaseUrl: url, label: 'mixed-postgres', extraEnv: SERVER_ENV });
    let rows;
    try {
      psql(url, BENCH_TASKS_SQL);
      rows = await stepLoad(server, await benchTasks((sql) => psql(url, sql)), options);
      await settle();
    } finally {
      await server.stop();
    }
    return { backend: 'PostgreSQL', rows, books: reconcile(url) };
  } finally {
    dropDatabase(adminUrl, name);
  }
}

/**
 * @param {{ steps?: number[], stepSeconds?: number, compress?: number }} [options]
 */
export async function run({ steps = [10, 20, 40, 80, 160, 320, 640], stepSeconds = 20, compress = 10 } = {}) {
  const options = { steps, stepSeconds, compress };
  /** @type {{ backend: string, rows: any[], books: Record<string, number | string | boolean> }[]} */
  const backends = [];
  console.log(`PGlite, ${stepSeconds} s per step, time compressed ${compress}×:`);
  backends.push(await onPglite(options));
  if (process.env.DATABASE_URL) {
    console.log(`PostgreSQL, ${stepSeconds} s per step, time compressed ${compress}×:`);
    backends.push(await onPostgres(options));
  } else console.log('PostgreSQL: DATABASE_URL is not set; not run');
  const capacity = backends.map((b) => ({ ...capacityOf(b.rows, b.backend), books: unreconciled(b.books), rssPeak: Math.max(...b.rows.map((r) => r.rssPeak)) }));
  printTable(
    `Mixed load: simulated earners at p95 ≤ ${P95_BOUND_MS} ms (time compressed ${compress}×: one simulated earner = ${compress} real ones; load average ${machine().loadAverage.join(' ')})`,
    ['backend', 'earners (simulated)', 'earners (real, ≈)', 'highest RSS', 'errors', 'heartbeat', 'books afterwards'],
    capacity.map((c, i) => {
      const rows = /** @type {any[]} */ (backends[i]?.rows ?? []);
      return [
        c.label,
        `${c.earners}${c.reachedEnd ? ' (every step held)' : ''}`,
        c.realEarners,
        mb(c.rssPeak),
        rows.reduce((sum, r) => sum + r.errors, 0),
        rows.at(-1)?.heartbeat ?? '',
        c.books.length === 0 ? 'hold' : c.books.join(', '),
      ];
    }),
  );
  const result = { benchmark: 'mixed-load', machine: machine(), options, target: P95_BOUND_MS, backends, capacity };
  writeResult('mixed-load', result);
  return result;
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ steps: [10, 20, 40, 80, 160], stepSeconds: 20, compress: 10 })));
