import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { uploads, users } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads of an earner in the last hour, by the database clock that stamped them. */
export async function uploadsInLastHour(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, sql`now() - interval '1 hour'`)));
  return Number(row?.n ?? 0);
}

/**
 * Serialises one earner's concurrent uploads so the hourly count cannot be overrun by a burst.
 * `no key update` still lets other transactions insert rows that reference the earner.
 */
export async function lockUploader(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function insertUpload(tx: Tx, row: typeof uploads.$inferInsert): Promise<void> {
  await tx.insert(uploads).values(row);
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}
