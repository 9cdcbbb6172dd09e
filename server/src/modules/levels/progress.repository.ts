import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { levelRules, userProgress, users } from '../../db/schema';

export interface TaskRewardRecorded {
  /** The earner has an approved audit task (before or with this run): their uplines' rebates are paid, not held. */
  verified: boolean;
  /** This run is the earner's first approved audit task: the rebates held so far are released now. */
  newlyVerified: boolean;
}

interface Row {
  verified: boolean;
  newly_verified: boolean;
}

/**
 * A task reward paid: the earner's lifetime task points grow; an audit task verifies the earner
 * (once, remembered with its run); a first verification makes the earner an active invitee of
 * their inviter; and the levels of both are recomputed from the operator's rules, never lowered.
 * One statement. It locks the earner's progress row and then the inviter's (descending id: every
 * payment takes them in that order), so a reward and the release of held rebates of the same
 * earner queue here rather than racing.
 */
export async function recordTaskReward(tx: Tx, input: { userId: number; runId: number; points: number; audit: boolean }): Promise<TaskRewardRecorded> {
  const { userId, runId, points, audit } = input;
  const result = await tx.execute(sql`
    with p as (
      insert into ${userProgress} (user_id, task_points, verified_at, verified_run_id)
      values (${userId}::int, ${points}::bigint, ${audit ? sql`now()` : sql`null`}, ${audit ? runId : null}::int)
      on conflict (user_id) do update set
        task_points = ${userProgress.taskPoints} + excluded.task_points,
        verified_at = coalesce(${userProgress.verifiedAt}, excluded.verified_at),
        verified_run_id = coalesce(${userProgress.verifiedRunId}, excluded.verified_run_id)
      returning user_id, task_points, active_invitees, verified_at is not null as verified, verified_run_id = ${runId}::int as newly_verified
    ),
    q as (
      insert into ${userProgress} (user_id, active_invitees)
      select u.inviter_id, 1 from ${users} u, p where u.id = ${userId}::int and u.inviter_id is not null and p.newly_verified
      on conflict (user_id) do update set active_invitees = ${userProgress.activeInvitees} + 1
      returning user_id, task_points, active_invitees
    ),
    lv as (
      update ${users} u set level = x.level
      from (
        select c.user_id, (select max(r.level) from ${levelRules} r where r.min_task_points <= c.task_points and r.min_active_invitees <= c.active_invitees) as level
        from (select user_id, task_points, active_invitees from p union all select user_id, task_points, active_invitees from q) c
      ) x
      where u.id = x.user_id and x.level > u.level
      returning u.id
    )
    select p.verified, coalesce(p.newly_verified, false) as newly_verified, (select count(*) from lv) as levelled from p`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return { verified: Boolean(row?.verified), newlyVerified: Boolean(row?.newly_verified) };
}
