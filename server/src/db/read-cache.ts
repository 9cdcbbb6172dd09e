import type { WriteClock } from './write-clock';

interface Entry<V> {
  value: Promise<V>;
  /** The write clocks when the read began, everyone's and the owner's: current while neither moved. */
  epoch: number;
  own: number;
  /** Epoch ms after which the database is asked again, whatever this process wrote. */
  until: number;
}

/**
 * One earner's read, remembered by this process until it writes anything that may change it, or
 * `ttlMs` has passed. Writes of this process move `writes`: everyone's clock, or only the clocks of
 * the earners a write was scoped to (`writesAffecting`), so its own earners never see a stale
 * figure, and one earner's task step does not drop another's Home. Writes of another process (more
 * API processes over one PostgreSQL) show at the latest `ttlMs` later, the window the session
 * cache already has. Keys name the earner, so an entry is only ever served to
 * the earner it was read for. A read that failed is not kept; `ttlMs = 0` turns the cache off.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly writes: WriteClock,
    private readonly ttlMs: number,
    /** The earner whose read a key names: their writes, and everyone's, make it stale. */
    private readonly ownerOf: (key: K) => number,
    private readonly maxEntries = 20_000,
  ) {}

  get(key: K, read: () => Promise<V>, now = Date.now()): Promise<V> {
    if (this.ttlMs <= 0) return read();
    const owner = this.ownerOf(key);
    const epoch = this.writes.epoch;
    const own = this.writes.epochOf(owner);
    const entry = this.entries.get(key);
    if (entry && entry.epoch === epoch && entry.own === own && entry.until > now) return entry.value;
    if (entry) this.entries.delete(key);
    const value = read();
    const fresh: Entry<V> = { value, epoch, own, until: now + this.ttlMs };
    if (this.entries.size >= this.maxEntries) {
      // Oldest first out: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, fresh);
    value.then(
      () => {
        // A write that overlapped the read may not be in it: such a value is answered once, not kept.
        const moved = this.writes.epoch !== epoch || this.writes.epochOf(owner) !== own;
        if (moved && this.entries.get(key) === fresh) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return value;
  }
}
