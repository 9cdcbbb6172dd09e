import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { taskRuns, users } from '../src/db/schema';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { createTask } from './tasks-fixtures';

let memberCounter = 0;

/**
 * A team member written with SQL, linked to the inviter's uplines exactly as registration links
 * them (the same insert): trees of hundreds of members without an argon2 hash each.
 */
export async function insertMember(db: Db, inviterId: number | null): Promise<number> {
  memberCounter += 1;
  const tag = `${process.pid}x${memberCounter}`;
  const [row] = await db
    .insert(users)
    .values({ publicId: `member-${tag}`, phone: `+1555${tag}`, country: 'US', passwordHash: 'not-a-login', inviteCode: `M${tag}`, inviterId })
    .returning({ id: users.id });
  if (!row) throw new Error('member insert returned nothing');
  if (inviterId !== null) {
    await db.execute(sql`
      insert into user_ancestors (user_id, ancestor_id, depth)
      select ${row.id}::int, ${inviterId}::int, 1::smallint
      union all
      select ${row.id}::int, ancestor_id, (depth + 1)::smallint from user_ancestors where user_id = ${inviterId}::int and depth < 5`);
  }
  return row.id;
}

/** One task per kind for the fixtures' rewards; a run of it is made per reward. */
export async function rewardTasks(db: Db): Promise<{ audit: number; joinGroup: number }> {
  const audit = await createTask(db, { kind: 'audit', reward: 1 }, ['proof']);
  const joinGroup = await createTask(db, { kind: 'joinGroup', reward: 1 }, ['open']);
  return { audit: audit.id, joinGroup: joinGroup.id };
}

let seqCounter = 0;

/** A passed run of `taskId` for the member, rewarded with `points`, ready for `payRun`. */
export async function passedRun(db: Db, userId: number, taskId: number, points: number): Promise<number> {
  seqCounter += 1;
  // The reward is read from the task when paid; a run per reward keeps each amount its own.
  await db.execute(sql`update tasks set reward = ${points} where id = ${taskId}`);
  const [run] = await db.insert(taskRuns).values({ userId, taskId, period: `p${seqCounter}`, seq: 1, status: 'passed' }).returning({ id: taskRuns.id });
  if (!run) throw new Error('run insert returned nothing');
  return run.id;
}

/** Pays a member a task reward of `points` through the one reward path, in its own transaction. */
export async function payReward(db: Db, userId: number, taskId: number, points: number): Promise<void> {
  const runId = await passedRun(db, userId, taskId, points);
  await db.transaction((tx) => payRun(tx, runId));
}
