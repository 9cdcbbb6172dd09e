import type { SignupFlag } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { signups, users } from '../../db/schema';
import { maskPhoneForReview } from '../users/masked-phone';

export const SIGNUP_FLAGS_PAGE_SIZE = 50;

interface Row {
  inviter_id: number;
  phone: string;
  shared_by: 'device' | 'address';
  signups: number | string;
  invitee_ids: number[];
  last_at: Date | string;
}

/**
 * Inviters with two or more sign-ups from one browser id or one address, newest first: read from
 * the sign-up records (kept for this view), so nothing about the sign-ups themselves changes.
 */
export async function signupFlagPage(db: Executor, page: number): Promise<SignupFlag[]> {
  const result = await db.execute(sql`
    with grouped as (
      select inviter_id, 'device' as shared_by, device_id as shared, count(*) as signups, array_agg(user_id order by user_id) as invitee_ids, max(created_at) as last_at
      from ${signups} where inviter_id is not null and device_id is not null group by inviter_id, device_id having count(*) > 1
      union all
      select inviter_id, 'address', ip, count(*), array_agg(user_id order by user_id), max(created_at)
      from ${signups} where inviter_id is not null group by inviter_id, ip having count(*) > 1
    )
    select g.inviter_id, u.phone, g.shared_by, g.signups, g.invitee_ids, g.last_at
    from grouped g join ${users} u on u.id = g.inviter_id
    order by g.last_at desc, g.inviter_id, g.shared_by
    limit ${SIGNUP_FLAGS_PAGE_SIZE} offset ${(page - 1) * SIGNUP_FLAGS_PAGE_SIZE}`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    inviterId: Number(r.inviter_id),
    inviterPhone: maskPhoneForReview(r.phone),
    sharedBy: r.shared_by,
    signups: Number(r.signups),
    inviteeIds: r.invitee_ids.map(Number),
    lastAt: new Date(r.last_at).toISOString(),
  }));
}
