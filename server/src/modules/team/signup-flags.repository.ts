import type { FlagDecision, SignupFlag } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { fraudFlagDecisions, signupFlagGroups, users } from '../../db/schema';
import { maskPhoneForReview } from '../users/masked-phone';

export const SIGNUP_FLAGS_PAGE_SIZE = 50;

interface Row {
  flag_key: string;
  inviter_id: number;
  phone: string;
  shared_by: 'device' | 'address';
  invitee_ids: number[];
  last_at: Date | string;
  decision: FlagDecision['decision'] | null;
  note: string | null;
  decided_by: number | null;
  decided_at: Date | string | null;
}

function toFlag(r: Row): SignupFlag {
  return {
    key: r.flag_key,
    decision:
      r.decision && r.note !== null && r.decided_by !== null && r.decided_at !== null
        ? { decision: r.decision, note: r.note, decidedBy: Number(r.decided_by), decidedAt: new Date(r.decided_at).toISOString() }
        : null,
    inviterId: Number(r.inviter_id),
    inviterPhone: maskPhoneForReview(r.phone),
    sharedBy: r.shared_by,
    signups: r.invitee_ids.length,
    inviteeIds: r.invitee_ids.map(Number),
    lastAt: new Date(r.last_at).toISOString(),
  };
}

async function flags(db: Executor, where: ReturnType<typeof sql>, page: number): Promise<SignupFlag[]> {
  const result = await db.execute(sql`
    select g.flag_key, g.inviter_id, u.phone, g.shared_by, g.invitee_ids, g.last_at, d.decision, d.note, d.decided_by, d.decided_at
    from ${signupFlagGroups} g join ${users} u on u.id = g.inviter_id
    left join lateral (
      select decision, note, decided_by, decided_at from ${fraudFlagDecisions} f
      where f.flag_key = g.flag_key and f.signups_seen >= cardinality(g.invitee_ids) order by f.id desc limit 1
    ) d on true
    where ${where}
    order by (d.decision is not null), g.last_at desc, g.inviter_id, g.shared_by
    limit ${SIGNUP_FLAGS_PAGE_SIZE} offset ${(page - 1) * SIGNUP_FLAGS_PAGE_SIZE}`);
  return (result as unknown as { rows: Row[] }).rows.map(toFlag);
}

/**
 * Inviters with two or more sign-ups from one browser id or one address, open ones first, newest
 * first: the groups the database keeps as sign-ups arrive (`signup_flag_groups`, migration 0040), so
 * nothing about the sign-ups themselves changes. A decided flag that a new sign-up joined since is
 * open again.
 */
export function signupFlagPage(db: Executor, page: number): Promise<SignupFlag[]> {
  return flags(db, sql`true`, page);
}

/** One flag by its key, or null: the key is checked against the sign-ups, never trusted. */
export async function signupFlagByKey(db: Executor, key: string): Promise<SignupFlag | null> {
  const [flag] = await flags(db, sql`g.flag_key = ${key}`, 1);
  return flag ?? null;
}

/**
 * How many sign-up flags no decision covers (none yet, or the flag grew since): the console's menu
 * asks every 30 s, so it reads the kept groups and their latest decisions, never the sign-ups.
 */
export async function openSignupFlags(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as open from ${signupFlagGroups} g
    where not exists (select 1 from ${fraudFlagDecisions} f where f.flag_key = g.flag_key and f.signups_seen >= cardinality(g.invitee_ids))`);
  return Number((result as unknown as { rows: { open: number }[] }).rows[0]?.open ?? 0);
}
