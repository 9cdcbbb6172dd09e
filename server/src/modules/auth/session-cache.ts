import type { Earner } from './auth.plugin';

interface Entry {
  earner: Earner;
  /** Epoch ms after which the entry must be read from the database again. */
  until: number;
}

/**
 * Live sessions remembered by this process for a few seconds. Reading the session row on every
 * call was the largest cost of an authenticated read (bench/api-throughput.mjs). Only live sessions
 * are kept, never refusals. A revocation made through this process drops its entries at once; in
 * another process a revoked token is refused at the latest `ttlMs` later, and a changed role shows
 * at the latest `ttlMs` later in every process — the price of not asking the database on every
 * call. `ttlMs = 0` turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, now = Date.now()): Earner | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.earner;
  }

  remember(tokenHash: string, earner: Earner, sessionExpiresAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { earner, until: Math.min(now + this.ttlMs, sessionExpiresAt.getTime()) });
  }

  forgetSession(sessionId: number): void {
    for (const [key, entry] of this.entries) if (entry.earner.sessionId === sessionId) this.entries.delete(key);
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.earner.userId === userId) this.entries.delete(key);
  }
}
