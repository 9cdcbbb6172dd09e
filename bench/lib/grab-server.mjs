// Starting and stopping the built Grab server (and other child processes) for the benchmarks:
// each server gets a free port on 127.0.0.1 and its own temporary data directory, which is removed
// afterwards. Processes are stopped with SIGTERM, as an operator would, and only the ones started here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_MEMORY_ENV } from '../../tools/server-memory.mjs';
import { BENCH_DIR } from './report.mjs';

export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
/**
 * The Node.js the servers run on: the project's own (./.tools, put there by `npm start`) when the
 * machine's is older than the server accepts, so `node bench/x.mjs` measures what `npm start` runs.
 */
export const SERVER_NODE = (() => {
  const local = path.join(REPO_ROOT, '.tools', 'bin', 'node');
  return Number(process.versions.node.split('.')[0]) < 22 && fs.existsSync(local) ? local : process.execPath;
})();
export const HOST_INDEX = path.join(REPO_ROOT, 'host', 'dist', 'index.html');

/**
 * Throws a readable message when the server (and, for the front-end benchmarks, the host) has not
 * been built yet.
 * @param {{ host?: boolean }} [options]
 */
export function assertBuilt({ host = false } = {}) {
  const missing = [SERVER_MAIN, ...(host ? [HOST_INDEX] : [])].filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `missing ${missing.map((f) => path.relative(REPO_ROOT, f)).join(' and ')}: build first with \`node tools/bootstrap.mjs build\``,
    );
  }
}

/**
 * A port that was free a moment ago on 127.0.0.1: any the system picks, or, with BENCH_PORTS=low-high
 * (a shared machine where each user has a range), the first free one of that range.
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return probePort(0);
  const [low, high] = [Number(range[1]), Number(range[2])];
  // A random start, so servers started one after another do not race for the same port.
  const start = Math.floor(Math.random() * (high - low + 1));
  for (let i = 0; i <= high - low; i++) {
    const port = low + ((start + i) % (high - low + 1));
    try {
      return await probePort(port);
    } catch {
      // taken: the next one
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** @param {number} wanted @returns {Promise<number>} */
function probePort(wanted) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(wanted, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** @param {string} prefix */
export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `grab-bench-${prefix}-`));
}

/**
 * The environment for a Grab server child: the parent's, minus anything that would point it
 * elsewhere, plus port, host and data directory.
 * @param {{ port: number, dataDir: string, databaseUrl?: string | undefined, extra?: Record<string, string> }} options
 */
export function serverEnv({ port, dataDir, databaseUrl, extra = {} }) {
  /** @type {NodeJS.ProcessEnv} */
  // glibc's malloc as `npm start` sets it for the server (tools/server-memory.mjs says why).
  const env = { ...SERVER_MEMORY_ENV, ...process.env };
  delete env.DATABASE_URL;
  // Benchmarks sign up many earners from 127.0.0.1.
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SIGNUPS_PER_IP_PER_DAY: '1000000', SIGNUPS_PER_DEVICE_PER_DAY: '1000000', ...extra });
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Production on PostgreSQL needs the address earners open (share links are built on it).
    env.PUBLIC_ORIGIN ??= `http://127.0.0.1:${port}`;
    // The demo earner the benchmarks log in as exists only with the demo data.
    env.SEED_DEMO ??= '1';
  }
  return env;
}

/**
 * Polls `url` until it answers 200; returns the milliseconds since `since`.
 * @param {string} url
 * @param {{ since: number, timeoutMs?: number, child?: import('node:child_process').ChildProcess, logFile?: string }} options
 */
export async function waitForOk(url, { since, timeoutMs = 120_000, child, logFile }) {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`the process exited with code ${child.exitCode} before ${url} answered${logTail(logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${logTail(logFile)}`);
}

/** @param {string | undefined} logFile */
function logTail(logFile) {
  if (!logFile || !fs.existsSync(logFile)) return '';
  const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15);
  return `\n--- last lines of ${logFile} ---\n${lines.join('\n')}`;
}

/** Pids of `pid` and all its descendants (Linux /proc). @param {number} pid */
export function processTree(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = /** @type {number} */ (queue.shift());
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** Resident set size in bytes of `pid` and all its descendants. @param {number} pid */
export function treeRss(pid) {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * Samples the tree's RSS every 100 ms until stopped; `peak()` is the highest sample.
 * @param {number} pid
 */
export function rssSampler(pid) {
  let peak = 0;
  const take = () => {
    peak = Math.max(peak, treeRss(pid));
  };
  take();
  const timer = setInterval(take, 100);
  return {
    peak: () => {
      take();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Sends SIGTERM (to the process group when `group`) and waits for the exit; SIGKILL after the
 * timeout, which is then reported. Returns how the process ended.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ group?: boolean, timeoutMs?: number }} options
 */
export async function stopGracefully(child, { group = false, timeoutMs = 15_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    return { graceful: true, ms: 0, code: child.exitCode };
  }
  const pid = child.pid;
  const tree = processTree(pid);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started = performance.now();
  process.kill(group ? -pid : pid, 'SIGTERM');
  const outcome = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
  if (outcome === null) {
    for (const p of tree) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
    return { graceful: false, ms: performance.now() - started, code: null };
  }
  // With a group, wait for the rest of the tree (e.g. the server under npm) to be gone too.
  while (tree.some(alive) && performance.now() - started < timeoutMs) await sleep(25);
  return { graceful: !tree.some(alive), ms: performance.now() - started, code: /** @type {{ code: number | null }} */ (outcome).code };
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * @typedef {object} RunningServer
 * @property {string} url            base URL, e.g. http://127.0.0.1:41234
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} readyMs        spawn → first 200 from the health URL
 * @property {string} logFile
 * @property {() => Promise<{ graceful: boolean, ms: number }>} stop  stops it and removes its temp dir
 * @property {(during: string) => void} assertAlive  throws, with the log's last lines, if it has exited
 */

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} logFile
 * @returns {(during: string) => void}
 */
function aliveCheck(child, logFile) {
  return (during) => {
    if (child.exitCode === null && child.signalCode === null) return;
    const how = child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
    throw new Error(`the server process ended (${how}) during ${during}: its figures are void${logTail(logFile)}`);
  };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; 0 elsewhere, or once
 * the process has ended).
 * @param {number | undefined} pid
 */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Starts `node server/dist/main.js` on a free port; with `dataDir` unset, in a new temporary data
 * directory that `stop()` removes. `databaseUrl` switches it to PostgreSQL.
 * `nodeArgs` go before the script (e.g. `--cpu-prof`). With `certificate`, it serves HTTPS (and
 * HTTP/2) and `url` is https. `main` runs another build's `main.js` (compare-builds.mjs).
 * @param {{ dataDir?: string, databaseUrl?: string, label?: string, extraEnv?: Record<string, string>, nodeArgs?: string[], certificate?: { certFile: string, keyFile: string }, main?: string }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function startGrab({ dataDir, databaseUrl, label = 'server', extraEnv, nodeArgs = [], certificate, main = SERVER_MAIN } = {}) {
  if (main === SERVER_MAIN) assertBuilt();
  else if (!fs.existsSync(main)) throw new Error(`missing ${main}`);
  const ownDir = dataDir ? undefined : tempDir(label);
  const workDir = ownDir ?? path.dirname(/** @type {string} */ (dataDir));
  const data = dataDir ?? path.join(workDir, 'data');
  const logFile = path.join(ownDir ?? tempDir(`${label}-log`), 'server.log');
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const since = performance.now();
  const child = spawn(SERVER_NODE, [...nodeArgs, main], {
    cwd: REPO_ROOT,
    env: serverEnv({ port, dataDir: data, databaseUrl, extra: { ...extraEnv, ...(certificate ? { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } : {}) } }),
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  try {
    const readyMs = await waitForOk(`${url}/health`, { since, child, logFile });
    return {
      url,
      child,
      readyMs,
      logFile,
      assertAlive: aliveCheck(child, logFile),
      stop: async () => {
        const result = await stopGracefully(child);
        fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
        if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
        return result;
      },
    };
  } catch (error) {
    await stopGracefully(child);
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    throw error;
  }
}

export const BARE_FASTIFY = path.join(BENCH_DIR, 'bare-fastify.mjs');

/**
 * Starts the bare Fastify baseline (bench/bare-fastify.mjs) in its own process on a free port.
 * @returns {Promise<RunningServer>}
 */
export async function startBareFastify() {
  const logDir = tempDir('bare-fastify');
  const logFile = path.join(logDir, 'server.log');
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const since = performance.now();
  const child = spawn(SERVER_NODE, [BARE_FASTIFY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const result = await stopGracefully(child);
    fs.rmSync(logDir, { recursive: true, force: true });
    return result;
  };
  try {
    const readyMs = await waitForOk(`${url}/health`, { since, child, logFile });
    return { url, child, readyMs, logFile, stop, assertAlive: aliveCheck(child, logFile) };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * RSS in bytes of the one process in `pid`'s tree that runs the built server (its command line
 * names server/dist/main.js): the server without the launchers above it. 0 when none is found.
 * @param {number} pid
 */
export function serverProcessRss(pid) {
  for (const p of processTree(pid)) {
    try {
      const cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (!cmdline.some((arg) => arg.endsWith(path.join('server', 'dist', 'main.js')))) continue;
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      // gone
    }
  }
  return 0;
}
