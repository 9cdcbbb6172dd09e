import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The ledger's SQL functions that only read (declared STABLE or IMMUTABLE in their migrations, 0022
 * to 0024): a select calling them is still a read. Every other `ledger_…(` or `wallet_…(` writes. A
 * test compares this list with the functions the database declares so.
 */
export const READ_ONLY_SQL_FUNCTIONS: ReadonlySet<string> = new Set(['ledger_earning', 'ledger_locked_points']);

/**
 * The earners whose cached reads the writes of the current asynchronous context can change, when
 * its code says so (`writesAffecting`); absent, a write may change anyone's.
 */
const scopes = new AsyncLocalStorage<readonly number[]>();

/** Earners with a clock of their own before they are all forgotten at once (a global move). */
const MAX_TRACKED_EARNERS = 100_000;

/**
 * Runs `fn` so that the writes it sends move only these earners' clocks, not everyone's: for a
 * transaction whose rows belong to them alone (an earner's task runs, a collect that credits the
 * earner and their uplines). The caller names every earner whose user row, balance, ledger entries
 * or task runs it may write; an empty list says its writes touch nobody's cached reads (presence
 * half-minutes). A write the code does not name this way moves every earner's clock.
 */
export function writesAffecting<T>(earners: readonly number[], fn: () => T): T {
  return scopes.run(earners, fn);
}

/**
 * Runs `fn` as if no scope were set: for work done on behalf of several callers, such as a batch
 * that the first caller's request happens to send, whose writes belong to all of them.
 */
export function writesOfEveryone<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/**
 * Counts the writes this process sends to the database, so read caches can tell whether anything
 * may have changed since they read. Every statement that is not a plain `select` moves it, before
 * it is sent and again when it has finished (a `commit` is such a statement), so a read that
 * overlapped a write is never kept as current. A write sent inside `writesAffecting` moves only the
 * clocks of the earners named there; any other moves the clock of all. Writes of other processes
 * are not seen here: the caches bound those by time.
 */
export class WriteClock {
  private tick = 0;
  private readonly earners = new Map<number, number>();

  constructor(private readonly maxTrackedEarners = MAX_TRACKED_EARNERS) {}

  /** Moves with every write not scoped to named earners. */
  get epoch(): number {
    return this.tick;
  }

  /** Moves with every write scoped to this earner (read beside `epoch`, which moves for all). */
  epochOf(userId: number): number {
    return this.earners.get(userId) ?? 0;
  }

  /** The scope of the calling context: the earners its writes may change, or undefined for all. */
  static scope(): readonly number[] | undefined {
    return scopes.getStore();
  }

  /** A write of the calling context, scoped or not. */
  bump(): void {
    this.bumpFor(WriteClock.scope());
  }

  /** A write of these earners, or of everyone for undefined (a scope read earlier, see `wrapQuery`). */
  bumpFor(scope: readonly number[] | undefined): void {
    if (!scope) {
      this.tick++;
      return;
    }
    if (this.earners.size + scope.length > this.maxTrackedEarners) {
      // Forgetting every earner's clock is safe only with a move that every entry sees.
      this.earners.clear();
      this.tick++;
      return;
    }
    for (const id of scope) this.earners.set(id, (this.earners.get(id) ?? 0) + 1);
  }

  /**
   * Whether `text` only reads: a `select` (drizzle's reads all start so) that locks nothing and
   * calls none of the ledger's or the wallet's SQL functions (`ledger_…(`, `wallet_…(`) that write.
   */
  static readsOnly(text: string): boolean {
    if (!/^\s*select\b/i.test(text) || /\bfor\s+(update|no\s+key\s+update|share)\b/i.test(text)) return false;
    for (const call of text.matchAll(/\b((?:ledger|wallet)_\w+)\s*\(/gi)) {
      if (!READ_ONLY_SQL_FUNCTIONS.has((call[1] ?? '').toLowerCase())) return false;
    }
    return true;
  }

  /** Wraps a client's query function so that its writes move the clock. */
  wrapQuery<F extends (...args: never[]) => unknown>(query: F, textOf: (args: Parameters<F>) => string): F {
    const clock = this;
    return function (this: unknown, ...args: Parameters<F>) {
      let text = '';
      try {
        text = textOf(args);
      } catch {
        // Not a shape we know: count it as a write.
      }
      if (WriteClock.readsOnly(text)) return query.apply(this, args);
      const last = args.length > 0 ? args[args.length - 1] : undefined;
      if (typeof last === 'function') {
        // The callback form (pg's pool uses it): the write has finished when the callback runs. The
        // pool may send it from another request's context (the one that freed a connection), so
        // its scope is not known here: it moves everyone's clock.
        clock.bumpFor(undefined);
        const done = last as (...results: unknown[]) => unknown;
        const wrapped = [...args.slice(0, -1), (...results: unknown[]) => {
          clock.bumpFor(undefined);
          return done(...results);
        }] as unknown as Parameters<F>;
        return query.apply(this, wrapped);
      }
      // The promise form is called by the code that awaits it (drizzle in a transaction): its scope.
      const scope = WriteClock.scope();
      clock.bumpFor(scope);
      const result = query.apply(this, args);
      if (result && typeof (result as Promise<unknown>).finally === 'function') {
        return (result as Promise<unknown>).finally(() => clock.bumpFor(scope));
      }
      clock.bumpFor(scope);
      return result;
    } as F;
  }
}

/** The SQL text of a query call: `query(text, …)` or `query({ text, … }, …)` (pg and PGlite alike). */
export function queryText(args: readonly unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') return first.text;
  return '';
}
