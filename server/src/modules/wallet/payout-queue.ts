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
 * transaction rolls back, there is no row.
 *
 * One pg-boss job carries every item of its queue that one relay moved and that is due at the
 * same time (an order to dispatch, a result to deliver). pg-boss's insert, fetch and completion of
 * a job each cost more than the withdrawal request that asked for it (bench/README.md), so under
 * load they are paid once per batch of items, not once per item. A job that fails as a whole (the
 * database went away, the process died) is run again by pg-boss, every item of it; so handlers are
 * idempotent per item. An item that fails alone is put back in the outbox by its handler
 * (`retryLater`), with its attempt counted in its data, and the rest of its job completes.
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

export interface DispatchItem {
  orderId: number;
  /** Which attempt this is, from 1; absent on the first. */
  attempt?: number;
}

/** A relayed job's data: the items of one queue that one relay moved, due at the same time. */
interface ItemsJob<T> {
  items: T[];
}

/** How long an item waits before attempt `attempt` (from 2): 2, 4, 8 … seconds, at most a minute. */
function retryDelaySeconds(attempt: number): number {
  return Math.min(60, 2 ** Math.max(1, attempt - 1));
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
    // Most timed relays find nothing. Asking with a read first keeps them from writing: a write,
    // even one that changes no row, drops every earner's cached reads in this process.
    if (!(await this.outboxHasRows())) return;
    while (this.started && (await this.relayBatch()) === RELAY_BATCH) {
      // a full batch: more may be waiting
    }
  }

  private async outboxHasRows(): Promise<boolean> {
    const result = await this.db.execute(sql`select exists (select 1 from job_outbox) as waiting`);
    return Boolean((result as unknown as { rows: { waiting: boolean }[] }).rows[0]?.waiting);
  }

  /**
   * One batch: the oldest rows no other relay holds, written as pg-boss jobs and deleted in the same
   * transaction, so each row becomes exactly one item of one job. Rows of one queue become one job
   * when they are due already, or due in the same second (the job starts at the end of that second).
   * Returns the rows moved.
   */
  async relayBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        delete from job_outbox where id in (select id from job_outbox order by id limit ${RELAY_BATCH} for update skip locked)
        returning queue, data, case when start_after <= now() then null
          else to_char(date_trunc('second', start_after) at time zone 'UTC' + interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as start_after`);
      const rows = (result as unknown as { rows: { queue: string; data: object | string; start_after: string | null }[] }).rows;
      const jobs = new Map<string, { queue: string; startAfter: string | null; items: object[] }>();
      for (const row of rows) {
        const group = `${row.queue} ${row.start_after ?? 'now'}`;
        const job = jobs.get(group) ?? { queue: row.queue, startAfter: row.start_after, items: [] };
        job.items.push(typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
        jobs.set(group, job);
      }
      const byQueue = new Map<string, JobInsert[]>();
      for (const job of jobs.values()) {
        const inserts = byQueue.get(job.queue) ?? [];
        inserts.push({ data: { items: job.items }, ...(job.startAfter ? { startAfter: job.startAfter } : {}) });
        byQueue.set(job.queue, inserts);
      }
      const db = fromDrizzle(tx as never, sql as never);
      for (const [queue, inserts] of byQueue) await this.boss.insert(queue, inserts, { db });
      return rows.length;
    });
  }

  /**
   * Puts items that failed alone back in the outbox, each carrying the attempt it will be (from 2)
   * and due after that attempt's back-off; once due they join the next relay's job of their queue.
   */
  async retryLater(queue: string, items: readonly { attempt: number }[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insert(jobOutbox)
      .values(items.map((data) => ({ queue, data, startAfter: sql`now() + make_interval(secs => ${retryDelaySeconds(data.attempt)})` })));
    this.relaySoon();
  }

  /**
   * Runs `handler` on the items of each job of `queue`. A handler that throws fails the whole job,
   * which pg-boss runs again (all its items); an item that fails alone is the handler's to retry.
   */
  async work<T extends object>(queue: string, handler: (items: T[]) => Promise<void>): Promise<void> {
    // A job that still has the old one-item form (written before items were grouped) is read as a job of one.
    const itemsOf = (data: ItemsJob<T> | T): T[] => ('items' in data && Array.isArray(data.items) ? data.items : [data as T]);
    await this.boss.work<ItemsJob<T> | T>(queue, { pollingIntervalSeconds: 0.5, batchSize: 4, localConcurrency: 1, perJobResults: true }, async (jobs) => {
      const outcomes = await Promise.allSettled(jobs.map((job) => handler(itemsOf(job.data))));
      return outcomes.map((outcome, i) => ({
        id: (jobs[i] as Job<ItemsJob<T> | T>).id,
        status: outcome.status === 'fulfilled' ? ('completed' as const) : ('failed' as const),
        ...(outcome.status === 'rejected' ? { output: { message: String(outcome.reason instanceof Error ? outcome.reason.message : outcome.reason) } } : {}),
      }));
    });
  }
}
