import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/database';
import { type Assets, assetsFrom, assetsQuery } from '../src/modules/ledger/ledger.service';

/** The ledger's part of Home's assets answer, read as the route reads it, alone. */
export async function assetsOf(db: Executor, userId: number): Promise<Assets> {
  const result = await db.execute(sql`select ${assetsQuery(userId)} as assets`);
  return assetsFrom((result as unknown as { rows: { assets: unknown }[] }).rows[0]?.assets);
}
