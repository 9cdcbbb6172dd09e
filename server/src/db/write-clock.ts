/**
 * The ledger's SQL functions that only read (declared STABLE or IMMUTABLE in their migrations, 0022
 * to 0024): a select calling them is still a read. Every other `ledger_…(` or `wallet_…(` writes. A
 * test compares this list with the functions the database declares so.
 */
export const READ_ONLY_SQL_FUNCTIONS: ReadonlySet<string> = new Set(['ledger_earning', 'ledger_locked_points']);

/**
 * Counts the writes this process sends to the database, so read caches can tell whether anything
 * may have changed since they read. Every statement that is not a plain `select` moves it, before
 * it is sent and again when it has finished (a `commit` is such a statement), so a read that
 * overlapped a write is never kept as current. Writes of other processes are not seen here: the
 * caches bound those by time.
 */
export class WriteClock {
  private tick = 0;

  get epoch(): number {
    return this.tick;
  }

  bump(): void {
    this.tick++;
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
      clock.bump();
      const last = args.length > 0 ? args[args.length - 1] : undefined;
      if (typeof last === 'function') {
        // The callback form (pg's pool uses it): the write has finished when the callback runs.
        const done = last as (...results: unknown[]) => unknown;
        const wrapped = [...args.slice(0, -1), (...results: unknown[]) => {
          clock.bump();
          return done(...results);
        }] as unknown as Parameters<F>;
        return query.apply(this, wrapped);
      }
      const result = query.apply(this, args);
      if (result && typeof (result as Promise<unknown>).finally === 'function') {
        return (result as Promise<unknown>).finally(() => clock.bump());
      }
      clock.bump();
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
