import cluster, { type Worker } from 'node:cluster';

/**
 * The parent of several API processes (GRAB_PROCESSES > 1, PostgreSQL only). It opens no database
 * and serves nothing itself: it starts the workers, which share its listening port (the cluster
 * module hands each new connection to the next worker in turn), starts again one that dies, and
 * passes a stop on to all of them. Everything one worker knows that another needs is in
 * PostgreSQL (docs/architecture.md, "More than one process").
 */

/** A worker that dies sooner than this after it started is counted as a failed start. */
const HEALTHY_AFTER_MS = 10_000;
/** This many failed starts in a row mean something is wrong with the setup, not with one process. */
const MAX_FAILED_STARTS = 3;

export function isWorker(): boolean {
  return cluster.isWorker;
}

/** The first worker prints the start banner; the others only log. */
export function isFirstWorker(): boolean {
  return !cluster.isWorker || process.env.GRAB_WORKER_INDEX === '0';
}

export function superviseWorkers(count: number): void {
  const startedAt = new Map<Worker, number>();
  const indexOf = new Map<Worker, number>();
  let failedStarts = 0;
  let stopping = false;
  let exitCode = 0;

  const say = (text: string) => process.stderr.write(`[grab ${process.pid}] ${text}\n`);
  const fork = (index: number) => {
    const worker = cluster.fork({ GRAB_WORKER_INDEX: String(index) });
    startedAt.set(worker, Date.now());
    indexOf.set(worker, index);
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    const livedMs = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    indexOf.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    failedStarts = livedMs < HEALTHY_AFTER_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      say(`API process ${index} stopped ${failedStarts} times right after starting (exit ${code ?? signal}); stopping the others.`);
      stopAll(1);
      return;
    }
    say(`API process ${index} ended (exit ${code ?? signal}); starting it again.`);
    fork(index);
  });

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    // Each worker closes its connections and its pool the way a single process does on SIGTERM.
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
  };
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));

  say(`starting ${count} API processes on one port (PostgreSQL)`);
  for (let i = 0; i < count; i += 1) fork(i);
}
