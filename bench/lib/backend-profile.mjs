// Where a PostgreSQL backend's time on a core goes, by the phase of a statement it was in: Linux's
// sampling profiler (`perf`, Debian's `linux-perf`) attached to the backend, its stacks unwound from
// the stack copies it takes (PostgreSQL's Debian build keeps no frame pointers), each sample given
// to one phase. The stripped binary still names every function other modules may call, and the
// phases are recognised by those: the executor's start, run and end, the planner, the table's CHECK
// constraints, the foreign keys' checks at a statement's end, index insertions, the commit and,
// inside it, the WAL's flush to disk.
//
// A sample belongs to the first phase of PHASES whose function is anywhere on its stack, so the
// order says which wins when phases nest: a foreign key's check runs the executor again, and its
// samples count as the check's, not the executor's.
//
// Sampling adds work to the profiled backend itself (a copy of its stack at each sample, in the
// kernel, counted as its own time), so a profiled side costs more than an unprofiled one. Compare
// two sides only when both are profiled alike.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

/**
 * The phases, in the order they win when a sample's stack holds several, each with the exported
 * functions that mark it.
 * @type {{ name: string, marks: string[] }[]}
 */
export const PHASES = [
  { name: 'commit: the WAL flushed to disk', marks: ['XLogFlush'] },
  { name: 'commit: the rest (deferred triggers, locks released)', marks: ['CommitTransactionCommand'] },
  { name: "foreign keys' checks", marks: ['AfterTriggerEndQuery', 'RI_FKey_check_ins', 'RI_FKey_check_upd'] },
  { name: 'CHECK constraints', marks: ['ExecConstraints'] },
  { name: 'planning', marks: ['pg_plan_queries', 'standard_planner'] },
  { name: 'index insertions', marks: ['ExecInsertIndexTuples'] },
  { name: "executor's start (each statement's state built)", marks: ['standard_ExecutorStart'] },
  { name: "executor's end", marks: ['standard_ExecutorEnd'] },
  { name: 'executing (reading and writing rows, functions)', marks: ['standard_ExecutorRun'] },
  { name: 'answering the client (socket)', marks: ['secure_write', 'pq_flush'] },
];
export const OTHER = 'the rest (protocol, parse, bind, idle wake-ups)';

/** Whether `perf` can be run here; a reason when not. */
export function perfAvailable() {
  const probe = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  if (probe.error) return { ok: false, reason: 'perf is not installed (Debian: apt-get install linux-perf)' };
  if (probe.status !== 0) return { ok: false, reason: `perf --version failed: ${probe.stderr.trim() || `exit ${probe.status}`}` };
  return { ok: true, reason: '' };
}

/**
 * Starts sampling the process `pid` into `file`; `stop()` ends it once perf has written the file.
 * 250 samples a second with 8 KB of stack each keeps a minute's file near 100 MB; the phases sit
 * near the stack's top, so the stack's root end, which 8 KB may cut, is not needed.
 * @param {number} pid @param {string} file
 */
export function startProfile(pid, file) {
  const child = spawn('perf', ['record', '--quiet', '-F', '250', '--call-graph', 'dwarf,8192', '-p', String(pid), '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let complaint = '';
  child.stderr.on('data', (chunk) => {
    complaint += String(chunk);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    /** Ends the sampling; throws what perf said when it wrote nothing (not allowed to attach, say). */
    async stop() {
      child.kill('SIGINT');
      await exited;
      if (!fs.existsSync(file)) throw new Error(`perf recorded nothing for backend ${pid}: ${complaint.trim() || 'no reason given'}`);
    },
  };
}

/**
 * The share of the samples in `file` that each phase took, largest first; the file is removed.
 * @param {string} file
 * @returns {Promise<{ samples: number, shares: Map<string, number> }>}
 */
export async function phasesOf(file) {
  const script = spawn('perf', ['script', '-F', 'ip,sym', '-i', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let complaint = '';
  script.stderr.on('data', (chunk) => {
    complaint += String(chunk);
  });
  const exited = new Promise((resolve) => script.once('exit', resolve));
  const lines = readline.createInterface({ input: script.stdout, crlfDelay: Infinity });
  /** @type {Map<string, number>} */
  const counts = new Map();
  let samples = 0;
  /** @type {Set<string>} */
  let stack = new Set();
  const close = () => {
    if (stack.size === 0) return;
    samples += 1;
    const phase = PHASES.find((p) => p.marks.some((m) => stack.has(m)))?.name ?? OTHER;
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
    stack = new Set();
  };
  for await (const line of lines) {
    const frame = line.trim();
    if (frame === '') {
      close();
      continue;
    }
    // "<address> <symbol>", or "<address> [unknown]" where the binary names nothing
    const symbol = frame.split(/\s+/)[1];
    if (symbol) stack.add(symbol);
  }
  close();
  const status = await exited;
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.old`, { force: true });
  if (status !== 0 || samples === 0) throw new Error(`perf script read no samples from ${file}: ${complaint.trim() || `exit ${status}`}`);
  return { samples, shares: new Map([...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, n / samples])) };
}
