import { writesOfEveryone } from './write-clock';

/**
 * Natural group commit: calls that arrive while a statement is in flight wait for it, then go out
 * together as one batch (one statement, one transaction, one commit). Nothing waits on a timer: an
 * idle batcher sends a call at once, alone, so a quiet server adds no latency; a busy one shares
 * the round trip, the statement's start-up and the commit between as many callers as are waiting.
 */
export interface BatcherOptions<I, R> {
  /** Runs several items together; answers one result per item, in their order. */
  many(items: readonly I[]): Promise<readonly R[]>;
  /**
   * Runs one item alone: for a batch of one, and for each item of a batch that failed as a whole
   * (one bad item, a deadlock with another process), so an item only ever fails for itself.
   */
  one(item: I): Promise<R>;
  /** The most items in one batch. */
  maxBatch?: number;
  /** How many batches may be in flight at once (each holds a connection). */
  maxInFlight?: number;
  /**
   * While a batch is in flight, another leaves only once this many calls wait (default 1: at once).
   * A batch costs the database about as much whatever it carries, so a second line pays only when
   * callers arrive faster than one line answers them; below that, it would halve the batches.
   */
  minWaitingForAnother?: number;
  /** Told when a batch failed as a whole and its items are being retried alone. */
  onBatchFailed?: (error: unknown, size: number) => void;
}

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, R> {
  private readonly queue: Waiting<I, R>[] = [];
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly minWaitingForAnother: number;

  constructor(private readonly options: BatcherOptions<I, R>) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 64);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    this.minWaitingForAnother = Math.max(1, options.minWaitingForAnother ?? 1);
  }

  /** Runs `item` in the next batch (at once when none is in flight) and answers its own result. */
  call(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.mayLeave()) this.send();
    });
  }

  private send(): void {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.inFlight += 1;
    // A batch carries several callers' writes: whichever request sent it, they move everyone's clock.
    void writesOfEveryone(() => this.settle(batch)).finally(() => {
      this.inFlight -= 1;
      if (this.mayLeave()) this.send();
    });
  }

  /** Whether the calls waiting may leave now: at once on an idle line, else once enough wait. */
  private mayLeave(): boolean {
    if (this.queue.length === 0 || this.inFlight >= this.maxInFlight) return false;
    return this.inFlight === 0 || this.queue.length >= this.minWaitingForAnother;
  }

  private async settle(batch: Waiting<I, R>[]): Promise<void> {
    if (batch.length > 1) {
      let results: readonly R[] | undefined;
      try {
        results = await this.options.many(batch.map((w) => w.item));
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      } catch (error) {
        // Nothing of a failed batch was kept (one statement): every item is tried again alone.
        this.options.onBatchFailed?.(error, batch.length);
        results = undefined;
      }
      if (results) {
        for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
        return;
      }
    }
    await Promise.all(
      batch.map(async (w) => {
        try {
          w.resolve(await this.options.one(w.item));
        } catch (error) {
          w.reject(error);
        }
      }),
    );
  }
}
