// Start time and memory of the built server.
//   cold: `node server/dist/main.js` on an empty data directory (migrations and demo seed run);
//   warm: the same command again on the directory the cold start left;
//   npm start (warm): the README's command on that directory — its checks (tools, install stamp,
//     build stamp) and then the server.
// Each figure is the time from spawn until GET /health answers 200, and the resident memory (RSS) of
// the whole process tree at that moment, after a small load (a login and 300 requests to each of two
// authenticated reads) and at its highest (sampled every 100 ms from spawn). Every server is stopped
// with SIGTERM and its temporary directory removed. The bare Fastify process (bench/bare-fastify.mjs)
// is started the same way in the same run as the baseline.
//
// The embedded database is what is measured: DATABASE_URL is not passed to these servers.
//
//   node bench/start.mjs [--runs 3] [--no-npm-start]
//
// `npm start` installs and rebuilds first when the sources changed since the last build; such a
// start is shown apart and not counted as warm (the next one is).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loginDemo } from './lib/grab-api.mjs';
import { load as runLoad } from './lib/load.mjs';
import {
  assertBuilt,
  BARE_FASTIFY,
  freePort,
  REPO_ROOT,
  rssSampler,
  SERVER_MAIN,
  SERVER_NODE,
  serverProcessRss,
  serverEnv,
  stopGracefully,
  tempDir,
  treeRss,
  waitForOk,
} from './lib/grab-server.mjs';
import { isMain, machine, mb, median, printTable, runAsScript, seconds, times, verdict, writeResult } from './lib/report.mjs';

export const TARGETS = { warmMs: 3000, rssBytes: 500e6 };

/**
 * Spawns a server command, measures spawn → 200 from /health, RSS, optionally a small load, then
 * stops it with SIGTERM.
 * @param {{ command: string, args: string[], env: NodeJS.ProcessEnv, url: string, group?: boolean, load?: boolean, timeoutMs?: number }} options
 */
async function measureStart({ command, args, env, url, group = false, load = false, timeoutMs = 120_000 }) {
  const logDir = tempDir('start-log');
  const logFile = path.join(logDir, 'out.log');
  const out = fs.openSync(logFile, 'a');
  const since = performance.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', out, out], detached: group });
  fs.closeSync(out);
  const sampler = rssSampler(/** @type {number} */ (child.pid));
  try {
    const readyMs = await waitForOk(`${url}/health`, { since, child, logFile, timeoutMs });
    const rssReady = treeRss(/** @type {number} */ (child.pid));
    const serverRssReady = serverProcessRss(/** @type {number} */ (child.pid));
    let rssAfterLoad = Number.NaN;
    let loadNon2xx = 0;
    if (load) {
      const { token } = await loginDemo(url);
      const auth = { authorization: `Bearer ${token}` };
      const reads = [
        await runLoad({ url: `${url}/app/task/list`, headers: auth, connections: 4, amount: 300 }),
        await runLoad({ url: `${url}/app/user/info`, method: 'POST', body: '{}', headers: { ...auth, 'content-type': 'application/json' }, connections: 4, amount: 300 }),
      ];
      loadNon2xx = reads.reduce((n, r) => n + r.non2xx + r.errors, 0);
      rssAfterLoad = treeRss(/** @type {number} */ (child.pid));
    }
    const rssPeak = sampler.peak();
    sampler.stop();
    const stopped = await stopGracefully(child, { group });
    const output = fs.readFileSync(logFile, 'utf8');
    return { readyMs, rssReady, serverRssReady, rssAfterLoad, loadNon2xx, rssPeak, stopMs: stopped.ms, stoppedGracefully: stopped.graceful, exitCode: stopped.code, output };
  } catch (error) {
    sampler.stop();
    await stopGracefully(child, { group });
    throw error;
  } finally {
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * @param {{ runs?: number, withNpmStart?: boolean }} [options]
 */
export async function run({ runs = 3, withNpmStart = true } = {}) {
  assertBuilt();
  const count = Math.min(10, Math.max(1, runs));
  const workDir = tempDir('start');
  let npmStartError = '';
  /** @type {{ kind: string, run: number, readyMs: number, rssReady: number, serverRssReady: number, rssAfterLoad: number, loadNon2xx: number, rssPeak: number, stopMs: number, stoppedGracefully: boolean, note?: string }[]} */
  const samples = [];
  const record = (/** @type {string} */ kind, /** @type {number} */ i, /** @type {Awaited<ReturnType<typeof measureStart>>} */ m, note = '') => {
    const { output: _output, exitCode: _exitCode, ...figures } = m;
    samples.push({ kind, run: i + 1, ...figures, ...(note ? { note } : {}) });
    const failed = m.loadNon2xx > 0 ? `, ${m.loadNon2xx} of the load's answers were errors` : '';
    console.log(`  ${kind} ${i + 1}: ${seconds(m.readyMs)}, RSS ${mb(m.rssReady)} ready, ${Number.isNaN(m.rssAfterLoad) ? '—' : mb(m.rssAfterLoad)} after load, ${mb(m.rssPeak)} peak${failed}${note ? ` (${note})` : ''}`);
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const m = await measureStart({ command: SERVER_NODE, args: [BARE_FASTIFY], env: { ...process.env, PORT: String(port) }, url: `http://127.0.0.1:${port}` });
      record('bare Fastify', i, m);
    }
    // Each cold start gets an empty directory; the warm starts reuse the last one.
    let dataDir = '';
    for (let i = 0; i < count; i++) {
      dataDir = path.join(workDir, `data-${i}`);
      const port = await freePort();
      const m = await measureStart({ command: SERVER_NODE, args: [SERVER_MAIN], env: serverEnv({ port, dataDir }), url: `http://127.0.0.1:${port}`, load: true });
      record('cold', i, m);
      if (i < count - 1) fs.rmSync(dataDir, { recursive: true, force: true });
    }
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const m = await measureStart({ command: SERVER_NODE, args: [SERVER_MAIN], env: serverEnv({ port, dataDir }), url: `http://127.0.0.1:${port}`, load: true });
      record('warm', i, m);
    }
    // npm start: its own process group, so that SIGTERM reaches npm, the start script and the server.
    // A start that had to install or rebuild first is no warm start: it is shown apart, not counted.
    let npmRuns = 0;
    for (let attempt = 0; withNpmStart && npmRuns < count && attempt < count + 1; attempt++) {
      const port = await freePort();
      try {
        const m = await measureStart({
          command: 'npm',
          args: ['start', '--silent'],
          env: serverEnv({ port, dataDir }),
          url: `http://127.0.0.1:${port}`,
          group: true,
          load: true,
          timeoutMs: 600_000,
        });
        if (/building host, remotes and server|installing dependencies/.test(m.output)) {
          record('npm start (rebuilt, not counted)', attempt, m, 'installed or rebuilt first');
          continue;
        }
        record('npm start (warm)', npmRuns, m);
        npmRuns++;
      } catch (error) {
        npmStartError = error instanceof Error ? error.message : String(error);
        console.log(`  npm start could not be measured: ${npmStartError}`);
        break;
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  const kinds = ['bare Fastify', 'cold', 'warm', 'npm start (warm)', 'npm start (rebuilt, not counted)'];
  const summary = kinds.filter((kind) => samples.some((s) => s.kind === kind)).map((kind) => {
    const of = samples.filter((s) => s.kind === kind);
    return {
      kind,
      runs: of.length,
      readyMs: median(of.map((s) => s.readyMs)),
      rssReady: median(of.map((s) => s.rssReady)),
      serverRssReady: median(of.map((s) => s.serverRssReady)),
      rssAfterLoad: median(of.map((s) => s.rssAfterLoad)),
      rssPeak: Math.max(...of.map((s) => s.rssPeak)),
      stopMs: median(of.map((s) => s.stopMs)),
      allGraceful: of.every((s) => s.stoppedGracefully),
    };
  });
  const bare = /** @type {(typeof summary)[number]} */ (summary[0]);
  printTable(
    `Start time and RSS of the process tree (median of ${count}; peak = highest sample; targets: warm ≤ ${seconds(TARGETS.warmMs)}, RSS ≤ ${mb(TARGETS.rssBytes)})`,
    ['start', 'spawn → /health', 'vs bare', 'time', 'RSS ready', 'of which server', 'RSS after load', 'RSS peak', 'RSS', 'SIGTERM → exit'],
    summary.map((s) => [
      s.kind,
      seconds(s.readyMs),
      s === bare ? '—' : times(s.readyMs / bare.readyMs, 1),
      s.kind.endsWith('(warm)') || s.kind === 'warm' ? verdict(s.readyMs <= TARGETS.warmMs) : '—',
      mb(s.rssReady),
      s === bare ? '—' : mb(s.serverRssReady),
      Number.isNaN(s.rssAfterLoad) ? '—' : mb(s.rssAfterLoad),
      mb(s.rssPeak),
      s === bare ? '—' : verdict(Math.max(s.rssReady, Number.isNaN(s.rssAfterLoad) ? 0 : s.rssAfterLoad, s.rssPeak) <= TARGETS.rssBytes),
      `${seconds(s.stopMs)}${s.allGraceful ? '' : ' (killed)'}`,
    ]),
  );
  console.log('  RSS is of the whole process tree (for npm start: npm, its shell, the start script and the server);');
  console.log('  "of which server" is the server process alone. RSS verdict: the highest of ready, after load and peak.');
  if (npmStartError) console.log(`  npm start could not be measured: ${npmStartError.split('\n')[0]}`);
  const data = { benchmark: 'start', machine: machine(), targets: TARGETS, summary, samples, npmStartError: npmStartError || undefined };
  writeResult('start', data);
  return data;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'no-npm-start': { type: 'boolean', default: false } } });
  runAsScript(() => run({ runs: Number(values.runs), withNpmStart: !values['no-npm-start'] }));
}
