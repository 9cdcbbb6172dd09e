import type { SpinResult } from '@grab/shared/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { drawSpins, type SPIN_SOURCES } from '../../db/schema';

/** The only code that writes `draw_spins`. */

type SpinSource = (typeof SPIN_SOURCES)[number];

/**
 * Grants `count` spins for one reason; `grantKey` names the reason (a day, a task run), so granting
 * again for it adds nothing.
 */
export async function grantSpins(tx: Tx, input: { userId: number; source: SpinSource; grantKey: string; count: number }): Promise<void> {
  if (input.count <= 0) return;
  const rows = Array.from({ length: input.count }, (_, n) => ({ userId: input.userId, source: input.source, grantKey: `${input.grantKey}:${n + 1}` }));
  await tx.insert(drawSpins).values(rows).onConflictDoNothing({ target: drawSpins.grantKey });
}

/** The grant keys of one earner's daily spins of one UTC day. */
export function dailyGrantKey(userId: number, day: string): string {
  return `daily:${userId}:${day}`;
}

const result = {
  spinId: drawSpins.id,
  version: drawSpins.settingsId,
  prizeIndex: drawSpins.prizeIndex,
  amount: drawSpins.amount,
  spunAt: drawSpins.usedAt,
};

type ResultRow = { spinId: number; version: number | null; prizeIndex: number | null; amount: number | null; spunAt: Date | null };

function toResult(row: ResultRow): SpinResult {
  // Only used spins are selected here; the table's CHECK guarantees a used spin has every field.
  return { spinId: Number(row.spinId), version: row.version ?? 0, prizeIndex: row.prizeIndex ?? 0, amount: Number(row.amount ?? 0), spunAt: (row.spunAt ?? new Date(0)).toISOString() };
}

export async function spinByKey(db: Executor, userId: number, requestKey: string): Promise<SpinResult | null> {
  const [row] = await db.select(result).from(drawSpins).where(and(eq(drawSpins.userId, userId), eq(drawSpins.requestKey, requestKey)));
  return row ? toResult(row) : null;
}

/** One used spin of this earner; another earner's, or an unused one, is not there. */
export async function spinOf(db: Executor, userId: number, spinId: number): Promise<SpinResult | null> {
  const [row] = await db
    .select(result)
    .from(drawSpins)
    .where(and(eq(drawSpins.id, spinId), eq(drawSpins.userId, userId), isNotNull(drawSpins.usedAt)));
  return row ? toResult(row) : null;
}

/** The earner's oldest unused spin, or null. The caller holds the earner's draw lock. */
export async function oldestUnusedSpin(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: drawSpins.id })
    .from(drawSpins)
    .where(and(eq(drawSpins.userId, userId), isNull(drawSpins.usedAt)))
    .orderBy(drawSpins.id)
    .limit(1);
  return row ? Number(row.id) : null;
}

/** Uses the spin: its outcome is written once, and only while it is unused. */
export async function markSpinUsed(
  tx: Tx,
  spinId: number,
  outcome: { requestKey: string; settingsId: number; prizeIndex: number; amount: number; ledgerEntryId: number },
): Promise<SpinResult> {
  const [row] = await tx
    .update(drawSpins)
    .set({ ...outcome, usedAt: sql`now()` })
    .where(and(eq(drawSpins.id, spinId), isNull(drawSpins.usedAt)))
    .returning(result);
  if (!row) throw new Error(`spin ${spinId} was used under the draw lock`);
  return toResult(row);
}

/** Unused spins, and how many of today's daily grant keys exist (so a status read grants nothing). */
export async function spinCounts(db: Executor, userId: number, todayKeys: string[]): Promise<{ unused: number; grantedToday: number }> {
  const [row] = await db
    .select({
      unused: sql<string>`count(*) filter (where ${drawSpins.usedAt} is null)::text`,
      grantedToday: todayKeys.length ? sql<string>`count(*) filter (where ${inArray(drawSpins.grantKey, todayKeys)})::text` : sql<string>`'0'`,
    })
    .from(drawSpins)
    .where(eq(drawSpins.userId, userId));
  return { unused: Number(row?.unused ?? 0), grantedToday: Number(row?.grantedToday ?? 0) };
}

export async function spinHistory(db: Executor, userId: number, limit: number): Promise<SpinResult[]> {
  const rows = await db
    .select(result)
    .from(drawSpins)
    .where(and(eq(drawSpins.userId, userId), isNotNull(drawSpins.usedAt)))
    .orderBy(desc(drawSpins.usedAt), desc(drawSpins.id))
    .limit(limit);
  return rows.map(toResult);
}
