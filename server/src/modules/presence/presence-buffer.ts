import type { Db } from '../../db/database';
import { writesAffecting } from '../../db/write-clock';
import { type FlushedDay, mergeSlots } from './presence.repository';
import { slotOf } from './presence-slots';

export interface PresenceBufferOptions {
  /** At most this long between a heartbeat and its row (a crash loses at most this much). */
  flushMs: number;
  /** Days whose counted presence grew in a flush, for crediting; failures are the caller's to log. */
  onFlushed?: (days: FlushedDay[]) => Promise<void> | void;
  onError?: (error: unknown) => void;
}

/**
 * Heartbeats are the product's most frequent write (two a minute per online earner), so a request
 * only notes its half-minute here and returns; the buffer merges everything noted into the
 * database in one statement at least every `flushMs`. Noting is idempotent (a set per earner-day),
 * and so is the merge (bits ORed in), so a failed flush is simply kept for the next one.
 */
export class PresenceBuffer {
  private pending = new Map<string, { userId: number; day: string; slots: Set<number> }>();
  /** The last beat this process noted per earner, for "online now" before its flush lands. */
  private readonly lastBeat = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  private readonly crediting = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: PresenceBufferOptions,
  ) {}

  start(): void {
    this.schedule();
  }

  note(userId: number, at: Date): void {
    const { day, slot } = slotOf(at);
    const key = `${userId}:${day}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { userId, day, slots: new Set() };
      this.pending.set(key, entry);
    }
    entry.slots.add(slot);
    this.lastBeat.set(userId, Math.max(this.lastBeat.get(userId) ?? 0, at.getTime()));
  }

  /** The latest beat of this earner that this process saw (flushed or not), epoch ms. */
  lastBeatOf(userId: number): number | null {
    return this.lastBeat.get(userId) ?? null;
  }

  /** Half-minutes noted and not yet merged (for tests and the benchmark's reconciliation). */
  pendingSlots(): number {
    let n = 0;
    for (const entry of this.pending.values()) n += entry.slots.size;
    return n;
  }

  /** Merges everything noted so far; concurrent callers share one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: Map<string, { userId: number; day: string; slots: Set<number> }>): Promise<void> {
    const userIds: number[] = [];
    const days: string[] = [];
    const slots: number[] = [];
    for (const entry of batch.values()) {
      for (const slot of entry.slots) {
        userIds.push(entry.userId);
        days.push(entry.day);
        slots.push(slot);
      }
    }
    let flushed: FlushedDay[];
    try {
      // Half-minutes are read by no cached answer (Home's, the task list's): the merge drops none.
      // Crediting what it carried past a target is a write of its own, for everyone's clock. In a
      // transaction, because a pool sends a statement of its own from whichever request freed a
      // connection, so such a statement moves everyone's clock (write-clock.ts).
      flushed = await writesAffecting([], () => this.db.transaction((tx) => mergeSlots(tx, { userIds, days, slots })));
    } catch (error) {
      // Kept for the next flush: merging the same slots again is harmless.
      for (const [key, entry] of batch) {
        const current = this.pending.get(key);
        if (current) for (const slot of entry.slots) current.slots.add(slot);
        else this.pending.set(key, entry);
      }
      throw error;
    }
    // Forget beats too old to make anyone "online now", so the map stays as large as the online crowd.
    const horizon = Date.now() - 10 * 60_000;
    for (const [userId, at] of this.lastBeat) if (at < horizon) this.lastBeat.delete(userId);
    if (flushed.length > 0 && this.options.onFlushed) {
      // Crediting runs beside the next flushes, never in front of them.
      const crediting = Promise.resolve(this.options.onFlushed(flushed))
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.crediting.delete(crediting));
      this.crediting.add(crediting);
    }
  }

  private schedule(delayMs = this.options.flushMs): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.flush()
        .catch((error: unknown) => this.options.onError?.(error))
        // The next flush is due `flushMs` after this one began, not after it ended.
        .finally(() => this.schedule(Math.max(0, this.options.flushMs - (Date.now() - started))));
    }, delayMs);
    // A pending flush must not keep a finished process alive; `stop` flushes what is left.
    this.timer.unref();
  }

  /** A graceful stop: no more timed flushes, and everything noted is merged before this resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
    await Promise.all([...this.crediting]);
  }
}
