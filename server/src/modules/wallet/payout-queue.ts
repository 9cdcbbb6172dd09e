import { sql } from 'drizzle-orm';
import { fromDrizzle, type Job, type JobInsert, PgBoss } from 'pg-boss';
import type { Database, Db, Executor } from '../../db/database';
import { jobOutbox } from '../../db/schema';

/**
 * The wallet's jobs, on pg-boss: it runs on both engines (its PGlite adapter included), and its
 * jobs live in the same database as the orders. A job asked for in a transaction is written by that
 * transaction as a `job_outbox` row, so it exists exactly when the commit does; the relay below
 * moves outbox rows to pg-boss in batches, deleting them in the transaction that writes the jobs.
 * If the process dies after the commit, the rows wait for the next relay of any process; if the
 * transaction rolls back, there is no row. pg-boss's own insert costs several times what the
 * request's whole ledger function does (bench/README.md), so requests pay for a plain insert and
 * the relay pays for one pg-boss insert per batch.
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

/** Rows the relay moves in one transaction. */
const RELAY_BATCH = 500;
/**
 * How often each process relays on its own, for rows nobody announced: a process that died after
 * its commit, or a writer in another process. A row written here is announced with `relaySoon`.
 */
export const RELAY_INTERVAL_MS = 2_000;
/** How long a relay asked for waits for more rows to carry. */
const RELAY_DELAY_MS = 100;

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
  private readonly db: Db;
  private started = false;
  private relaying: Promise<void> | null = null;
  private relayAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private pending: NodeJS.Timeout | null = null;

  constructor(
    database: Database,
    private readonly onError: (error: Error) => void,
  ) {
    this.db = database.db;
    this.boss = newBoss(database);
    this.boss.on('error', (error) => this.onError(error));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    this.timer = setInterval(() => this.relayNow(), RELAY_INTERVAL_MS);
    this.timer.unref();
    // Rows left by a process that died after its commit.
    this.relayNow();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    if (this.pending) clearTimeout(this.pending);
    this.timer = null;
    this.pending = null;
    await this.relaying;
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false });
  }

  /**
   * Writes the job into the outbox with the caller's transaction (or as its own statement): it
   * exists exactly when the commit does. Call `relaySoon` once that has committed.
   */
  async enqueue(tx: Executor, queue: string, data: object, startAfterSeconds = 0): Promise<void> {
    await tx.insert(jobOutbox).values({ queue, data, startAfter: sql`now() + make_interval(secs => ${startAfterSeconds})` });
  }

  /**
   * Asks for a relay shortly, after a commit that wrote to the outbox. Calls within
   * `RELAY_DELAY_MS` share one relay, so under load one pg-boss insert carries many jobs; the
   * workers poll every half second anyway. One relay runs at a time in a process; a call while one
   * runs makes it run once more, so a row committed meanwhile is not left for the timer. Failures
   * are reported and the rows stay for the next relay.
   */
  relaySoon(): void {
    if (!this.started || this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.relayNow();
    }, RELAY_DELAY_MS);
  }

  private relayNow(): void {
    if (!this.started) return;
    if (this.relaying) {
      this.relayAgain = true;
      return;
    }
    this.relayAgain = false;
    this.relaying = this.relayAll()
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.relaying = null;
        if (this.relayAgain) this.relayNow();
      });
  }

  private async relayAll(): Promise<void> {
    while (this.started && (await this.relayBatch()) === RELAY_BATCH) {
      // a full batch: more may be waiting
    }
  }

  /**
   * One batch: the oldest rows no other relay holds, written as pg-boss jobs (one insert per queue)
   * and deleted in the same transaction, so each row becomes exactly one job. Returns the rows moved.
   */
  async relayBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        delete from job_outbox where id in (select id from job_outbox order by id limit ${RELAY_BATCH} for update skip locked)
        returning queue, data, to_char(start_after at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_after`);
      const rows = (result as unknown as { rows: { queue: string; data: object | string; start_after: string }[] }).rows;
      const byQueue = new Map<string, JobInsert[]>();
      for (const row of rows) {
        const jobs = byQueue.get(row.queue) ?? [];
        jobs.push({ data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data, startAfter: row.start_after });
        byQueue.set(row.queue, jobs);
      }
      const db = fromDrizzle(tx as never, sql as never);
      for (const [queue, jobs] of byQueue) await this.boss.insert(queue, jobs, { db });
      return rows.length;
    });
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
