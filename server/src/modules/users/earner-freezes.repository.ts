import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { earnerFreezes } from '../../db/schema';

export type Freeze = typeof earnerFreezes.$inferSelect;

export async function freezeOf(db: Executor, userId: number): Promise<Freeze | null> {
  const [row] = await db.select().from(earnerFreezes).where(eq(earnerFreezes.userId, userId));
  return row ?? null;
}

/** Freezes the earner (a second freeze keeps the first's reason and time); returns the freeze. */
export async function freeze(db: Executor, userId: number, reason: string, by: number): Promise<Freeze> {
  await db.insert(earnerFreezes).values({ userId, reason, frozenBy: by }).onConflictDoNothing();
  const row = await freezeOf(db, userId);
  if (!row) throw new Error('freeze not stored');
  return row;
}

export async function unfreeze(db: Executor, userId: number): Promise<Freeze | null> {
  const [row] = await db.delete(earnerFreezes).where(eq(earnerFreezes.userId, userId)).returning();
  return row ?? null;
}
