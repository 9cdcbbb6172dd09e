import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database';
import { memberDays, teamDailyStats, userAncestors } from '../../db/schema';

/** Days of the agent report are UTC days: one calendar for a team spread over time zones. */
const TODAY = sql`(now() at time zone 'UTC')::date`;

/**
 * Counts a team member's event in every upline's row of today, in the transaction of the event
 * itself, so the report reads small rollups and never the ledger. A member is counted once a day
 * per kind (the first event inserts their `member_days` row); the points always add up. Rows are
 * taken in descending ancestor id, the order every payment locks its uplines in.
 */
async function countMemberEvent(tx: Tx, userId: number, kind: 'earned' | 'withdrew', points: number): Promise<void> {
  const users = kind === 'earned' ? sql.raw('online_users') : sql.raw('withdrawal_users');
  const sums = kind === 'earned' ? sql.raw('online_points') : sql.raw('withdrawal_points');
  await tx.execute(sql`
    with first as (
      insert into ${memberDays} (user_id, day, kind) values (${userId}::int, ${TODAY}, ${kind})
      on conflict do nothing returning 1
    )
    insert into ${teamDailyStats} (ancestor_id, day, ${users}, ${sums})
    select a.ancestor_id, ${TODAY}, (select count(*) from first), ${points}::bigint
    from ${userAncestors} a where a.user_id = ${userId}::int
    order by a.ancestor_id desc
    on conflict (ancestor_id, day) do update set
      ${users} = ${teamDailyStats}.${users} + excluded.${users},
      ${sums} = ${teamDailyStats}.${sums} + excluded.${sums}`);
}

/** A team member asked for a withdrawal today; `points` is what it held, fee included. */
export function countWithdrawal(tx: Tx, userId: number, points: number): Promise<void> {
  return countMemberEvent(tx, userId, 'withdrew', points);
}

/** A new member joined: one more registration today for each of their uplines. */
export async function countSignup(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${teamDailyStats} (ancestor_id, day, registered)
    select a.ancestor_id, ${TODAY}, 1 from ${userAncestors} a where a.user_id = ${userId}::int
    order by a.ancestor_id desc
    on conflict (ancestor_id, day) do update set registered = ${teamDailyStats}.registered + 1`);
}

export interface DayRow {
  date: string;
  registered: number;
  onlineUsers: number;
  onlinePoints: number;
  withdrawalUsers: number;
  withdrawalPoints: number;
}

/** Every day from `start` to `end` (inclusive) of one earner's team, days without events as zeros: one primary-key range read. */
export async function teamDays(db: Executor, ancestorId: number, start: string, end: string): Promise<DayRow[]> {
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(s.registered, 0)::int as registered,
           coalesce(s.online_users, 0)::int as online_users,
           coalesce(s.online_points, 0)::bigint as online_points,
           coalesce(s.withdrawal_users, 0)::int as withdrawal_users,
           coalesce(s.withdrawal_points, 0)::bigint as withdrawal_points
    from generate_series(${start}::date, ${end}::date, interval '1 day') as d(day)
    left join ${teamDailyStats} s on s.ancestor_id = ${ancestorId}::int and s.day = d.day::date
    order by d.day`);
  type Row = { date: string; registered: number; online_users: number | string; online_points: number | string; withdrawal_users: number; withdrawal_points: number | string };
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    date: r.date,
    registered: Number(r.registered),
    onlineUsers: Number(r.online_users),
    onlinePoints: Number(r.online_points),
    withdrawalUsers: Number(r.withdrawal_users),
    withdrawalPoints: Number(r.withdrawal_points),
  }));
}
