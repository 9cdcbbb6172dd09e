import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import {
  messagingCodeRefusals,
  messagingCodes,
  messagingDailyPoints,
  messagingInbound,
  messagingNumbers,
  messagingRewards,
  messagingSignUses,
} from '../../db/schema';
import { messagingTask } from '../tasks/messaging-credits.service';

/** The only code that writes the messaging module's tables. */

export type CodeRow = typeof messagingCodes.$inferSelect;
export type NumberRow = typeof messagingNumbers.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  return (result as { rows: T[] }).rows;
}

/** Records a (time, sign) pair; false when it had been accepted before (a replay). */
export async function useSignOnce(db: Executor, sign: string, time: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(messagingSignUses).values({ sign, time, expiresAt }).onConflictDoNothing().returning({ sign: messagingSignUses.sign });
  return rows.length === 1;
}

export async function forgetExpiredSigns(db: Executor, now: Date): Promise<void> {
  await db.delete(messagingSignUses).where(lt(messagingSignUses.expiresAt, now));
}

/**
 * Serialises code requests of one earner and of one number inside the caller's transaction, so
 * two requests at once cannot both pass a rate limit counted just before.
 */
export async function lockCodeRequests(tx: Tx, userId: number, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`messaging-earner:${userId}`})), pg_advisory_xact_lock(hashtext(${`messaging-number:${phone}`}))`);
}

/**
 * What the earner asked since `since`, codes and refusals of other earners' numbers together: both
 * count toward the earner's hourly limit.
 */
export async function countEarnerTries(db: Executor, since: Date, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)::text` })
    .from(messagingCodeRefusals)
    .where(and(eq(messagingCodeRefusals.userId, userId), gte(messagingCodeRefusals.createdAt, since)));
  return (await countCodes(db, since, { userId })) + Number(row?.n ?? 0);
}

/** Notes a refused request for another earner's number, and forgets the earner's refusals older than `since`. */
export async function recordRefusal(tx: Tx, userId: number, at: Date, since: Date): Promise<void> {
  await tx.delete(messagingCodeRefusals).where(and(eq(messagingCodeRefusals.userId, userId), lt(messagingCodeRefusals.createdAt, since)));
  await tx.insert(messagingCodeRefusals).values({ userId, createdAt: at });
}

/** Codes asked since `since`: by one earner, or for one number by anyone. */
export async function countCodes(db: Executor, since: Date, who: { userId: number } | { phone: string }): Promise<number> {
  const match = 'userId' in who ? eq(messagingCodes.userId, who.userId) : eq(messagingCodes.phone, who.phone);
  const [row] = await db.select({ n: sql<string>`count(*)::text` }).from(messagingCodes).where(and(match, gte(messagingCodes.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertCode(db: Executor, values: { userId: number; country: string; phone: string; code: string; createdAt: Date; expiresAt: Date }): Promise<CodeRow> {
  const [row] = await db.insert(messagingCodes).values(values).returning();
  if (!row) throw new Error('a messaging code insert returned nothing');
  return row;
}

/** The earner's newest code, of one number or of any. */
export async function latestCode(db: Executor, userId: number, phone?: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(messagingCodes)
    .where(phone ? and(eq(messagingCodes.userId, userId), eq(messagingCodes.phone, phone)) : eq(messagingCodes.userId, userId))
    .orderBy(desc(messagingCodes.id))
    .limit(1);
  return row ?? null;
}

/** Codes of a number not verified yet whose text is one of `codes`, newest first, locked. */
export async function lockOpenCodes(tx: Tx, phone: string, codes: string[]): Promise<CodeRow[]> {
  if (codes.length === 0) return [];
  return tx
    .select()
    .from(messagingCodes)
    .where(and(eq(messagingCodes.phone, phone), isNull(messagingCodes.verifiedAt), inArray(messagingCodes.code, codes)))
    .orderBy(desc(messagingCodes.id))
    .for('update');
}

export async function markCodeVerified(tx: Tx, id: number, values: { verifiedAt: Date; reward: number; capped: boolean }): Promise<void> {
  await tx.update(messagingCodes).set(values).where(eq(messagingCodes.id, id));
}

export async function findNumber(db: Executor, phone: string): Promise<NumberRow | null> {
  const [row] = await db.select().from(messagingNumbers).where(eq(messagingNumbers.phone, phone));
  return row ?? null;
}

/** Makes the number the earner's; null when it belongs to someone (the primary key decides, also between two at once). */
export async function claimNumber(tx: Tx, values: { phone: string; userId: number; country: string; at: Date }): Promise<NumberRow | null> {
  const [row] = await tx
    .insert(messagingNumbers)
    .values({ phone: values.phone, userId: values.userId, country: values.country, verifiedAt: values.at, lastInboundAt: values.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Any message from a verified number shows it online. */
export async function touchNumber(db: Executor, phone: string, at: Date): Promise<void> {
  await db.update(messagingNumbers).set({ lastInboundAt: at }).where(eq(messagingNumbers.phone, phone));
}

export async function deleteNumber(db: Executor, userId: number, phone: string): Promise<boolean> {
  const rows = await db
    .delete(messagingNumbers)
    .where(and(eq(messagingNumbers.phone, phone), eq(messagingNumbers.userId, userId)))
    .returning({ phone: messagingNumbers.phone });
  return rows.length === 1;
}

/** The earner's numbers with what each earned for them. */
export async function numbersOf(db: Executor, userId: number) {
  return db
    .select({
      phone: messagingNumbers.phone,
      country: messagingNumbers.country,
      verifiedAt: messagingNumbers.verifiedAt,
      lastInboundAt: messagingNumbers.lastInboundAt,
      reward: sql<string>`coalesce(${messagingRewards.amount}, 0)::text`,
    })
    .from(messagingNumbers)
    .leftJoin(messagingRewards, and(eq(messagingRewards.phone, messagingNumbers.phone), eq(messagingRewards.userId, messagingNumbers.userId)))
    .where(eq(messagingNumbers.userId, userId))
    .orderBy(messagingNumbers.verifiedAt);
}

export async function hasEarned(tx: Executor, phone: string): Promise<boolean> {
  const [row] = await tx.select({ phone: messagingRewards.phone }).from(messagingRewards).where(eq(messagingRewards.phone, phone));
  return Boolean(row);
}

export async function recordReward(tx: Tx, values: { phone: string; userId: number; amount: number; day: string; ledgerEntryId: number }): Promise<boolean> {
  const rows = await tx.insert(messagingRewards).values(values).onConflictDoNothing().returning({ phone: messagingRewards.phone });
  return rows.length === 1;
}

/**
 * Takes `amount` of the earner's day under `cap`, in one conditional statement: two verifications
 * at once queue on the row, and the second is re-checked against the first's points.
 */
export async function takeDailyPoints(tx: Tx, userId: number, day: string, amount: number, cap: number): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into ${messagingDailyPoints} (user_id, day, points)
    select ${userId}, ${day}::date, ${amount}::bigint where ${amount}::bigint <= ${cap}::bigint
    on conflict (user_id, day) do update set points = ${messagingDailyPoints.points} + excluded.points
    where ${messagingDailyPoints.points} + excluded.points <= ${cap}::bigint
    returning points`);
  return rowsOf(result).length === 1;
}

export async function pointsOfDay(db: Executor, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ points: messagingDailyPoints.points })
    .from(messagingDailyPoints)
    .where(and(eq(messagingDailyPoints.userId, userId), eq(messagingDailyPoints.day, day)));
  return row ? Number(row.points) : 0;
}

/** Records a provider delivery by its message id; false when it was delivered before. */
export async function receiveOnce(tx: Tx, messageId: string, phone: string): Promise<boolean> {
  const rows = await tx.insert(messagingInbound).values({ messageId, phone, outcome: 'received' }).onConflictDoNothing().returning({ id: messagingInbound.messageId });
  return rows.length === 1;
}

export async function setInboundOutcome(tx: Tx, messageId: string, outcome: string): Promise<void> {
  await tx.update(messagingInbound).set({ outcome }).where(eq(messagingInbound.messageId, messageId));
}

/** What verifying a number earns: the reward of the operator's active messaging task (none: nothing). */
export async function numberReward(db: Executor): Promise<number> {
  return (await messagingTask(db))?.reward ?? 0;
}
