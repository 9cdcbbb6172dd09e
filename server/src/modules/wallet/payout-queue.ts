import { sql } from 'drizzle-orm';
import { fromDrizzle, type Job, PgBoss } from 'pg-boss';
import type { Database, Tx } from '../../db/database';

/**
 * The wallet's jobs, on pg-boss: it runs on both engines (its PGlite adapter included), and its
 * jobs live in the same database as the orders. A job sent with `inTransaction` is written by the
 * request's own transaction, so the job row is the outbox row: if the process dies after the
 * commit, the job is there when it starts again; if the transaction rolls back, there is no job.
 */
export const DISPATCH_QUEUE = 'payout-dispatch';
export const SIMULATOR_QUEUE = 'payout-simulator-deliver';
/** Attempts of one dispatch before the order waits for an operator's retry. */
export const DISPATCH_ATTEMPTS = 6;
/** How long one job may run before it counts as dead (a provider call is bounded well below it). */
export const JOB_EXPIRE_SECONDS = 30;
/**
 * How often expired jobs are looked for. A job whose worker lost its connection mid-run (a database
 * restart) stays active until then, so an order waits at most about expiry + this per hop.
 */
export const JOB_SUPERVISE_SECONDS = 10;

export interface DispatchJob {
  orderId: number;
}

function newBoss(database: Database): PgBoss {
  return new PgBoss({
    db: database.jobs as never,
    backend: database.engine === 'pglite' ? 'pglite' : 'postgres',
    schedule: false,
    // Finds jobs whose worker died (kill -9, a cut connection) once they expire, and puts them back
    // in line. pg-boss looks at each queue at most once per monitor interval (60 s unless set), so
    // both are set: otherwise a payout after a database restart waits up to a minute and a half per hop.
    supervise: true,
    superviseIntervalSeconds: JOB_SUPERVISE_SECONDS,
    monitorIntervalSeconds: JOB_SUPERVISE_SECONDS,
  });
}

/** Creates or upgrades the queue's own tables; part of migrating, so start-up and tests stay quick. */
export async function migrateJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({ db: database.jobs as never, backend: database.engine === 'pglite' ? 'pglite' : 'postgres', schedule: false, supervise: false });
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of [DISPATCH_QUEUE, SIMULATOR_QUEUE]) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, { retryLimit: DISPATCH_ATTEMPTS - 1, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: JOB_EXPIRE_SECONDS });
    }
  }
  await boss.stop({ graceful: false, close: false });
}

export class PayoutQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    database: Database,
    private readonly onError: (error: Error) => void,
  ) {
    this.boss = newBoss(database);
    this.boss.on('error', (error) => this.onError(error));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false });
  }

  /** Writes the job in the caller's transaction (the outbox): it exists exactly when the commit does. */
  async inTransaction(tx: Tx, queue: string, data: object, startAfterSeconds = 0): Promise<void> {
    await this.boss.send(queue, data, { db: fromDrizzle(tx as never, sql as never), ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}) });
  }

  async work<T extends object>(queue: string, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    // Up to ten jobs a fetch, fetched again at once while full, each settled on its own: one
    // failing dispatch is retried alone.
    await this.boss.work<T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 10, burstWhenBatchFull: true, localConcurrency: 2, perJobResults: true }, async (jobs) => {
      const outcomes = await Promise.allSettled(jobs.map((job) => handler(job)));
      return outcomes.map((outcome, i) => ({
        id: (jobs[i] as Job<T>).id,
        status: outcome.status === 'fulfilled' ? ('completed' as const) : ('failed' as const),
        ...(outcome.status === 'rejected' ? { output: { message: String(outcome.reason instanceof Error ? outcome.reason.message : outcome.reason) } } : {}),
      }));
    });
  }
}
