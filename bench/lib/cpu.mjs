// Whether a write benchmark's miss is the cost of a call or time spent waiting. pgbench's baseline
// and Grab's call share the same cores; if both kept every core busy, their ratio could be no more
// than pgbench's CPU per transaction over Grab's CPU per call. A ratio well under that bound, with
// cores idle during the run, says the call waits (round trips, one batch at a time) rather than
// costs; a bound under the target says no scheduling can reach it, only a cheaper call.
//
// Beside the CPU, where the time of the two threads a batch line passes through went: the
// PostgreSQL connection the batches run on and the server's main thread, each on a core, waiting
// for one, or asleep (waiting for the other side). A line asleep half the time while the cores are
// not full is waiting on round trips, not on CPU. The pool hands the batches to whichever
// connection is free, so the line is followed through the run: in each quarter second it is the
// connection that was on a core longest then.
//
// Read from Linux's /proc, so only for a PostgreSQL on this machine; elsewhere the figures are null.
import fs from 'node:fs';
import os from 'node:os';
import { cpuMs } from './grab-server.mjs';

/** Linux's clock tick, in which /proc reports CPU time (USER_HZ, 100 on every mainstream kernel). */
const TICK_MS = 10;

/**
 * Ms of a /proc `stat` line's own (utime, stime) and waited-for children's (cutime, cstime) CPU,
 * each in the process's code (user) and in the kernel's for it (system).
 */
function statCpu(/** @type {string} */ stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  const [user = 0, system = 0, childUser = 0, childSystem = 0] = fields.slice(11, 15);
  return {
    children: (childUser + childSystem) * TICK_MS,
    user: user * TICK_MS,
    system: system * TICK_MS,
    childUser: childUser * TICK_MS,
    childSystem: childSystem * TICK_MS,
  };
}

/**
 * CPU ms of every PostgreSQL process now running, plus what the postmaster has reaped of its
 * children: a backend that served a pgbench client and exited still counts. Both the total and
 * its split come from one listing. Null when no PostgreSQL process is visible (a database on
 * another machine).
 * @returns {{ ms: number, parts: PostgresCpuParts } | null}
 */
export function postgresCpu() {
  return cpuOf(postgresProcesses());
}

/**
 * The CPU of the PostgreSQL processes listed, in all and split by who spent it: the connections'
 * backends (those running and those the postmaster has reaped) and the background processes (the
 * postmaster itself, the WAL writer, the checkpointer, the background writer…), each in user and
 * system time. On the loopback, system time includes the receiving side of what a process sends.
 * @param {{ stat: string, title: string }[]} processes
 * @returns {{ ms: number, parts: PostgresCpuParts } | null}
 */
function cpuOf(processes) {
  if (processes.length === 0) return null;
  const parts = { connections: { user: 0, system: 0 }, background: { user: 0, system: 0 } };
  for (const { stat, title } of processes) {
    const cpu = statCpu(stat);
    const own = isBackground(title) ? parts.background : parts.connections;
    own.user += cpu.user;
    own.system += cpu.system;
    // Only the postmaster reaps PostgreSQL's processes, and the ones it reaps in a run are backends.
    parts.connections.user += cpu.childUser;
    parts.connections.system += cpu.childSystem;
  }
  const ms = parts.connections.user + parts.connections.system + parts.background.user + parts.background.system;
  return { ms, parts };
}

/** @typedef {{ connections: { user: number, system: number }, background: { user: number, system: number } }} PostgresCpuParts */

/**
 * Whether a PostgreSQL process, by the title it gives itself, is one of the server's own rather
 * than a connection's: the postmaster keeps its command line; the others are titled
 * `postgres: [cluster: ]role`, and a connection's title names its user, database and client.
 * @param {string} title
 */
function isBackground(title) {
  return !title.startsWith('postgres:') || /: (checkpointer|background writer|walwriter|autovacuum launcher|logical replication launcher|archiver|startup|walreceiver|walsender)\b/.test(title);
}

/**
 * `after - before` of two counts' parts, over `calls` calls, in ms a call.
 * @param {PostgresCpuParts | null} before
 * @param {PostgresCpuParts | null} after
 * @param {number} calls
 * @returns {PostgresCpuParts | null}
 */
export function postgresCpuPartsPer(before, after, calls) {
  if (!before || !after || calls <= 0) return null;
  return eachPart((who, kind) => (after[who][kind] - before[who][kind]) / calls);
}

/**
 * Parts whose every figure is `figure(who, kind)`.
 * @param {(who: 'connections' | 'background', kind: 'user' | 'system') => number} figure
 * @returns {PostgresCpuParts}
 */
function eachPart(figure) {
  return {
    connections: { user: figure('connections', 'user'), system: figure('connections', 'system') },
    background: { user: figure('background', 'user'), system: figure('background', 'system') },
  };
}

/**
 * Every PostgreSQL process now running, with its /proc `stat` line and its title, once none is
 * exiting. A backend whose client has just gone (pgbench's, the moment pgbench returns) spends a
 * few milliseconds tearing down; meanwhile /proc reports CPU for it that is neither its own nor yet
 * its parent's, and a count taken then came out up to two thirds short (a pgbench -N transaction
 * read as 0.09 ms of PostgreSQL's CPU instead of 0.26). So the listing is taken again until no
 * process is exiting, for at most `SETTLE_MS`; a process still exiting then is counted as it is.
 */
function postgresProcesses() {
  const deadline = performance.now() + SETTLE_MS;
  for (;;) {
    const { found, exiting } = listPostgresProcesses();
    if (!exiting || performance.now() >= deadline) return found;
    Atomics.wait(pause, 0, 0, 5);
  }
}

const SETTLE_MS = 3000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** One listing of PostgreSQL's processes, and whether any of them is exiting. */
function listPostgresProcesses() {
  /** @type {{ pid: number, stat: string, title: string }[]} */
  const found = [];
  let exiting = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== 'postgres' && !name.startsWith('postgres:')) continue;
    let title;
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // gone since its stat was read
    }
    // An exiting process has given back its memory, and its command line with it, or is a zombie.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (title === '' || state === 'Z' || state === 'X') exiting = true;
    found.push({ pid: Number(entry), stat, title });
  }
  return { found, exiting };
}

/**
 * Ns a thread has spent on a core and waiting in the run queue for one (/proc/…/schedstat), or
 * null where the kernel keeps no such count or the thread is gone.
 * @param {string} file
 */
export function schedstat(file) {
  try {
    const [run, wait] = fs.readFileSync(file, 'utf8').trim().split(' ').map(Number);
    return run === undefined || wait === undefined || Number.isNaN(run) || Number.isNaN(wait) ? null : { run, wait };
  } catch {
    return null;
  }
}

/**
 * The run-queue counts of `processes`, by pid.
 * @param {{ pid: number }[]} processes
 */
function schedstatsOf(processes) {
  /** @type {Map<number, { run: number, wait: number }>} */
  const counts = new Map();
  for (const { pid } of processes) {
    const count = schedstat(`/proc/${pid}/schedstat`);
    if (count) counts.set(pid, count);
  }
  return counts;
}

/**
 * A thread's share of `wallMs` on a core, waiting for one and asleep, from two counts.
 * @param {{ run: number, wait: number } | null | undefined} before
 * @param {{ run: number, wait: number } | null | undefined} after
 * @param {number} wallMs
 */
function timeShares(before, after, wallMs) {
  if (!before || !after || wallMs <= 0) return null;
  const onCore = (after.run - before.run) / 1e6 / wallMs;
  const waiting = (after.wait - before.wait) / 1e6 / wallMs;
  return { onCore, waiting, asleep: Math.max(0, 1 - onCore - waiting) };
}

/** How often the batch line is looked for again among the connections. */
const LINE_STEP_MS = 250;

/**
 * Follows the batch line through a run: each step, the PostgreSQL connection that was on a core
 * longest since the step before, and what it did then (ns on a core and waiting for one, summed
 * over the steps). A connection that ran the line in one step and sat idle in the next is not
 * counted asleep for the line, as one busiest connection over the whole run would be.
 * @param {Map<number, { run: number, wait: number }>} first the counts at the start
 */
function lineFollower(first) {
  let last = first;
  let run = 0;
  let wait = 0;
  const step = () => {
    // Not settled: only the line's time on a core is read here, and this process also runs the load.
    const now = schedstatsOf(listPostgresProcesses().found);
    let best = null;
    for (const [pid, after] of now) {
      const before = last.get(pid);
      if (!before) continue;
      const ran = after.run - before.run;
      if (best === null || ran > best.run) best = { run: ran, wait: after.wait - before.wait };
    }
    if (best) {
      run += best.run;
      wait += best.wait;
    }
    last = now;
  };
  const timer = setInterval(step, LINE_STEP_MS);
  return {
    /** The line's shares of `wallMs`, counting the part of a step since the last one. */
    end(/** @type {number} */ wallMs) {
      clearInterval(timer);
      step();
      return timeShares({ run: 0, wait: 0 }, { run, wait }, wallMs);
    },
  };
}

/** CPU ms of this process's children that have exited and been waited for (a `spawnSync`'s). */
export function reapedChildrenCpuMs() {
  return statCpu(fs.readFileSync('/proc/self/stat', 'utf8')).children;
}

/** Busy and total jiffies of all cores since boot (/proc/stat's first line). */
function coreTicks() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal (guest time is inside user already)
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Starts counting CPU: of the server (`serverPid`), of PostgreSQL, of this process (where the load
 * tool runs), and of the machine's cores. `end()` answers what each used since.
 * @param {number | undefined} serverPid
 */
export function cpuWindow(serverPid) {
  if (serverPid === undefined) throw new Error('the server has no pid to count the CPU of');
  const mainThread = `/proc/${serverPid}/task/${serverPid}/schedstat`;
  const postgresAtStart = postgresProcesses();
  const line = lineFollower(schedstatsOf(postgresAtStart));
  const start = {
    server: cpuMs(serverPid),
    postgres: cpuOf(postgresAtStart),
    self: process.cpuUsage(),
    cores: coreTicks(),
    main: schedstat(mainThread),
    wall: performance.now(),
  };
  return {
    end() {
      const wallMs = performance.now() - start.wall;
      const self = process.cpuUsage(start.self);
      const cores = coreTicks();
      const postgres = postgresCpu();
      return {
        /** @param {number} calls */
        postgresPartsPer: (calls) => postgresCpuPartsPer(start.postgres?.parts ?? null, postgres?.parts ?? null, calls),
        line: line.end(wallMs),
        serverMain: timeShares(start.main, schedstat(mainThread), wallMs),
        serverMs: cpuMs(serverPid) - start.server,
        postgresMs: postgres === null || start.postgres === null ? null : postgres.ms - start.postgres.ms,
        loadToolMs: (self.user + self.system) / 1000,
        coresBusy: (cores.busy - start.cores.busy) / Math.max(1, cores.total - start.cores.total),
        cores: os.availableParallelism(),
      };
    },
  };
}

/** @typedef {ReturnType<ReturnType<typeof cpuWindow>['end']>} CpuWindow */
/** @typedef {{ postgres: number | null, client: number, postgresParts: PostgresCpuParts | null }} TransactionCpu  CPU ms per pgbench transaction */

const ms = (/** @type {number | null} */ n) => (n === null ? 'n/a' : n.toFixed(3));
const percent = (/** @type {number} */ share) => `${(share * 100).toFixed(0)} %`;
const shares = (/** @type {{ onCore: number, waiting: number, asleep: number } | null} */ s) =>
  s === null ? 'n/a' : `${percent(s.onCore)} / ${percent(s.waiting)} / ${percent(s.asleep)}`;

/** @param {PostgresCpuParts | null} parts */
const partsText = (parts) =>
  parts === null
    ? 'n/a'
    : `${ms(parts.connections.user)} + ${ms(parts.connections.system)}, ${ms(parts.background.user)} + ${ms(parts.background.system)}`;

/**
 * The mean of some runs' parts, or null if any run has none.
 * @param {(PostgresCpuParts | null)[]} runs
 * @returns {PostgresCpuParts | null}
 */
function averageParts(runs) {
  if (runs.length === 0 || runs.some((r) => r === null)) return null;
  const known = /** @type {PostgresCpuParts[]} */ (runs);
  return eachPart((who, kind) => known.reduce((a, r) => a + r[who][kind], 0) / known.length);
}

/**
 * The rows a write benchmark prints about CPU: what its call cost, what a pgbench transaction
 * cost, the ratio that CPU alone would allow, and how busy the cores were while the call ran.
 * @param {{ window: CpuWindow, calls: number, pgbench: TransactionCpu[], call: string }} measured
 */
export function cpuRows({ window, calls, pgbench, call }) {
  const per = (/** @type {number | null} */ total) => (total === null ? null : total / calls);
  const server = per(window.serverMs);
  const postgres = per(window.postgresMs);
  const loadTool = per(window.loadToolMs);
  const callTotal = postgres === null || server === null || loadTool === null ? null : server + postgres + loadTool;
  const pgbenchPostgres = pgbench.map((p) => p.postgres).filter((p) => p !== null);
  const txPostgres = pgbenchPostgres.length ? pgbenchPostgres.reduce((a, b) => a + b, 0) / pgbenchPostgres.length : null;
  const txClient = pgbench.reduce((a, p) => a + p.client, 0) / Math.max(1, pgbench.length);
  const txTotal = txPostgres === null ? null : txPostgres + txClient;
  const bound = callTotal && txTotal ? txTotal / callTotal : null;
  const callParts = window.postgresPartsPer(calls);
  const txParts = averageParts(pgbench.map((p) => p.postgresParts));
  return {
    rows: [
      [`CPU per ${call}: server / PostgreSQL / load tool (ms)`, `${ms(server)} / ${ms(postgres)} / ${ms(loadTool)}`],
      ['CPU per pgbench -N transaction: PostgreSQL / pgbench (ms)', `${ms(txPostgres)} / ${ms(txClient)}`],
      [
        `PostgreSQL's CPU per ${call} / per pgbench -N transaction: connections user + system, background processes user + system (ms)`,
        `${partsText(callParts)} / ${partsText(txParts)}`,
      ],
      ['ratio the CPU alone allows (pgbench -N transaction / call)', bound === null ? 'n/a' : `${bound.toFixed(2)}×`],
      ['cores busy during the measured run', `${(window.coresBusy * 100).toFixed(0)} % of ${window.cores}`],
      ['the batch line (each quarter second, the busiest PostgreSQL connection): on a core / waiting for one / asleep', shares(window.line)],
      ["server's main thread: on a core / waiting for one / asleep", shares(window.serverMain)],
    ],
    figures: { server, postgres, postgresParts: callParts, pgbenchPostgresParts: txParts, loadTool, pgbenchPostgres: txPostgres, pgbenchClient: txClient, bound, coresBusy: window.coresBusy, line: window.line, serverMain: window.serverMain },
  };
}
