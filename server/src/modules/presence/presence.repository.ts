import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { PRESENCE_SLOTS, presenceDays } from '../../db/schema';

/** The only code that writes presence rows; the tasks module reads them to credit the online task. */

export interface SlotBatch {
  userIds: number[];
  days: string[];
  slots: number[];
}

export interface FlushedDay {
  userId: number;
  day: string;
  seconds: number;
  /** The row's seconds before this flush, as this statement saw them (0 for a new row). */
  before: number;
}

/**
 * Merges a batch of heartbeat slots in one statement. Each (earner, day) gets its slots ORed in,
 * so the merge is idempotent and order-free: a retried flush, two tabs, or two processes flushing
 * beats of one earner at once all leave the row as if each half-minute were noted once. A flush
 * that adds no new bit changes no row (two tabs cost no write).
 */
export async function mergeSlots(db: Executor, batch: SlotBatch): Promise<FlushedDay[]> {
  if (batch.userIds.length === 0) return [];
  const zero = sql.raw(`B'0'::bit(${PRESENCE_SLOTS})`);
  const result = await db.execute(sql`
    with batch as (
      select b.user_id, b.day, bit_or(set_bit(${zero}, b.slot, 1)) as slots
      from unnest(${`{${batch.userIds.join(',')}}`}::int[], ${`{${batch.days.join(',')}}`}::date[], ${`{${batch.slots.join(',')}}`}::int[]) as b(user_id, day, slot)
      group by b.user_id, b.day
    ), prev as (
      select p.user_id, p.day, p.seconds from ${presenceDays} p join batch using (user_id, day)
    ), merged as (
      insert into ${presenceDays} as p (user_id, day, slots)
      select user_id, day, slots from batch
      on conflict (user_id, day) do update set slots = p.slots | excluded.slots, updated_at = now()
        where (p.slots | excluded.slots) <> p.slots
      returning p.user_id, p.day, p.seconds
    )
    select m.user_id, m.day::text as day, m.seconds, coalesce(prev.seconds, 0) as before
    from merged m left join prev using (user_id, day)`);
  const { rows } = result as unknown as { rows: { user_id: number; day: string; seconds: number; before: number }[] };
  return rows.map((r) => ({ userId: Number(r.user_id), day: String(r.day), seconds: Number(r.seconds), before: Number(r.before) }));
}

export interface PresenceDay {
  seconds: number;
  /** The last half-minute beaten that day, null without any. */
  lastSlot: number | null;
}

export async function presenceOn(db: Executor, userId: number, day: string): Promise<PresenceDay> {
  const [row] = await db
    .select({ seconds: presenceDays.seconds, lastSlot: sql<number>`length(rtrim(${presenceDays.slots}::text, '0')) - 1` })
    .from(presenceDays)
    .where(and(eq(presenceDays.userId, userId), eq(presenceDays.day, day)));
  if (!row) return { seconds: 0, lastSlot: null };
  const lastSlot = Number(row.lastSlot);
  return { seconds: row.seconds, lastSlot: lastSlot >= 0 ? lastSlot : null };
}

/** Whole minutes over every day, each day up to the cap. */
export async function totalMinutes(db: Executor, userId: number, capMinutes: number): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<string>`coalesce(sum(least(${presenceDays.seconds} / 60, ${capMinutes})), 0)` })
    .from(presenceDays)
    .where(eq(presenceDays.userId, userId));
  return Number(row?.minutes ?? 0);
}
