import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { userAncestors } from '../../db/schema';

/**
 * Each earner's uplines (every ancestor in the team tree, up to five levels), read once per
 * process: the tree is written at sign-up and never changes, so an entry never goes stale. A
 * collect names them as the earners its credit may change (their rebates, the inviter's level).
 */
export class UplinesCache {
  private readonly entries = new Map<number, Promise<readonly number[]>>();

  constructor(private readonly maxEntries = 50_000) {}

  get(db: Executor, userId: number): Promise<readonly number[]> {
    const known = this.entries.get(userId);
    if (known) return known;
    const read = db
      .select({ id: userAncestors.ancestorId })
      .from(userAncestors)
      .where(eq(userAncestors.userId, userId))
      .then((rows) => rows.map((r) => r.id));
    if (this.entries.size >= this.maxEntries) {
      // Oldest first out: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(userId, read);
    // A failed read is not remembered.
    read.catch(() => {
      if (this.entries.get(userId) === read) this.entries.delete(userId);
    });
    return read;
  }
}
