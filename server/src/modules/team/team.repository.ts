import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { rebateRates, teamRebates, userAncestors, userProgress, users } from '../../db/schema';

/** Members below an earner at each depth 1..5: one indexed read of the team tree. */
export async function countsByDepth(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ depth: userAncestors.depth, count: sql<number>`count(*)::int` })
    .from(userAncestors)
    .where(eq(userAncestors.ancestorId, userId))
    .groupBy(userAncestors.depth);
  const counts = [0, 0, 0, 0, 0];
  for (const r of rows) counts[r.depth - 1] = Number(r.count);
  return counts;
}

export interface BonusFigures {
  total: number;
  today: number;
  yesterday: number;
  direct: number;
  held: number;
}

/** The rebates an earner has from their team, by UTC day and depth, from the team's own rows (never the ledger). */
export async function bonusOf(db: Executor, userId: number): Promise<BonusFigures> {
  const today = sql`(now() at time zone 'UTC')::date`;
  const paidDay = sql`(${teamRebates.paidAt} at time zone 'UTC')::date`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${teamRebates.amount}) filter (where ${teamRebates.status} = 'paid'), 0)`,
      today: sql<number>`coalesce(sum(${teamRebates.amount}) filter (where ${teamRebates.status} = 'paid' and ${paidDay} = ${today}), 0)`,
      yesterday: sql<number>`coalesce(sum(${teamRebates.amount}) filter (where ${teamRebates.status} = 'paid' and ${paidDay} = ${today} - 1), 0)`,
      direct: sql<number>`coalesce(sum(${teamRebates.amount}) filter (where ${teamRebates.status} = 'paid' and ${teamRebates.depth} = 1), 0)`,
      held: sql<number>`coalesce(sum(${teamRebates.amount}) filter (where ${teamRebates.status} = 'held'), 0)`,
    })
    .from(teamRebates)
    .where(eq(teamRebates.uplineId, userId));
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0), yesterday: Number(row?.yesterday ?? 0), direct: Number(row?.direct ?? 0), held: Number(row?.held ?? 0) };
}

/** The configured rebate rates by depth 1..5, basis points (0 where a depth pays nothing). */
export async function rebateBps(db: Executor): Promise<number[]> {
  const rows = await db.select().from(rebateRates);
  const bps = [0, 0, 0, 0, 0];
  for (const r of rows) bps[r.depth - 1] = r.bps;
  return bps;
}

export interface InviteeRow {
  phone: string;
  level: number;
  joinedAt: Date;
  bonus: number;
  heldBonus: number;
  verified: boolean;
}

/** One page of an earner's direct invitees, newest first, with what each brought them. */
export async function directInvitees(db: Executor, userId: number, page: number, pageSize: number): Promise<{ items: InviteeRow[]; total: number }> {
  const bonus = (status: 'paid' | 'held') =>
    sql<number>`coalesce((select sum(r.amount) from ${teamRebates} r where r.upline_id = ${userId}::int and r.earner_id = ${users.id} and r.depth = 1 and r.status = ${status}), 0)`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        phone: users.phone,
        level: users.level,
        joinedAt: users.createdAt,
        bonus: bonus('paid'),
        heldBonus: bonus('held'),
        verified: sql<boolean>`${userProgress.verifiedAt} is not null`,
      })
      .from(users)
      .leftJoin(userProgress, eq(userProgress.userId, users.id))
      .where(eq(users.inviterId, userId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.inviterId, userId)),
  ]);
  return {
    items: rows.map((r) => ({ phone: r.phone, level: r.level, joinedAt: r.joinedAt, bonus: Number(r.bonus), heldBonus: Number(r.heldBonus), verified: Boolean(r.verified) })),
    total: Number(count?.n ?? 0),
  };
}

/** The earner behind an invitation code, for the register page; root codes have none. */
export async function inviterByCode(db: Executor, code: string): Promise<{ phone: string; level: number } | null> {
  const [row] = await db.select({ phone: users.phone, level: users.level }).from(users).where(and(eq(users.inviteCode, code)));
  return row ?? null;
}
