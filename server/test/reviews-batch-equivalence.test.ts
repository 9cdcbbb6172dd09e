import fc from 'fast-check';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { reviewClaims, submissions, taskRuns, tasks } from '../src/db/schema';
import { type PassAnswer, type PassCall, passBatch, passOne } from '../src/modules/reviews/reviews.repository';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { countRows, engines, useTestContext } from './helper';
import { insertMember } from './team-fixtures';

/**
 * The batch of passes (`ledger_pass_submissions_in_order`) is a second writer of the same money as
 * the single pass (`ledger_pass_submission`). For random teams, earners verified or not, submissions
 * in every state and lists of passes with repeats, two worlds made alike are passed: one as a batch,
 * one item by item in the same order. Everything either leaves behind must be the same, seen through
 * the worlds' own users, runs and submissions; a batch may instead refuse as a whole and change
 * nothing, since the server then passes each item alone. fast-check prints the seed and the shrunk
 * case.
 */

const REWARD = fc.oneof(
  { arbitrary: fc.constant(0), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 300 }), weight: 1 },
  // Around the levels' task points (500 00, 2000 00, 5000 00): a pass may raise a level.
  { arbitrary: fc.integer({ min: 1_000, max: 300_000 }), weight: 4 },
);

const SUBMISSION_STATES = [
  ['pending', 8],
  ['failed', 1],
  // Another reviewer's live claim: the list's reviewer and operator are both kept out.
  ['claimedByOther', 1],
  ['claimedByOperator', 2],
  ['claimedByReviewer', 1],
  ['claimExpired', 1],
  // Paid before its submission was passed: the single pass meets a completed run.
  ['runCompleted', 1],
  // A run that cannot be paid: the single pass raises for that item, the batch as a whole.
  ['runUnpayable', 1],
  // A second submission of the previous submission's run.
  ['sameRunAsPrevious', 1],
] as const;
type SubmissionState = (typeof SUBMISSION_STATES)[number][0];

const scenario = fc.record({
  // Member i's inviter: none (-1) or one of the three members before it, so chains reach depth 6.
  members: fc.array(
    fc.record({
      inviter: fc.integer({ min: -1, max: 2 }),
      // Rewards paid before the reviews: an audit one verifies the member; the others leave rebates
      // held. Mostly not yet verified, so that one batch verifies several invitees of one inviter.
      prior: fc.array(fc.record({ audit: fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, { arbitrary: fc.constant(false), weight: 3 }), reward: REWARD }), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  reviewerMember: fc.nat(),
  submissions: fc.array(
    fc.record({
      member: fc.nat(),
      audit: fc.boolean(),
      reward: REWARD,
      state: fc.oneof(...SUBMISSION_STATES.map(([state, weight]) => ({ arbitrary: fc.constant<SubmissionState>(state), weight }))),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  items: fc.array(fc.record({ submission: fc.nat(), by: fc.constantFrom('reviewer', 'operator', 'auto') }), { minLength: 1, maxLength: 14 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The tasks both worlds' runs point at (a run's reward is its task's): made once per scenario. */
interface SharedTasks {
  prior: number[][];
  submissions: number[];
}

let taskCounter = 0;
async function createTask(db: Db, kind: 'audit' | 'joinGroup', reward: number): Promise<number> {
  taskCounter += 1;
  const [task] = await db
    .insert(tasks)
    .values({ kind, schedule: 'once', title: `Equivalence ${taskCounter}`, description: 'Upload proof', reward, texts: {} })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task insert failed');
  return task.id;
}

/** One world's rows, named by the scenario's indices so two worlds can be compared. */
interface World {
  users: Map<number, string>;
  runs: Map<number, string>;
  submissions: Map<number, string>;
  submissionIds: number[];
  reviewer: { userId: number; role: string };
  operator: { userId: number; role: string };
}

async function buildWorld(db: Db, s: Scenario, shared: SharedTasks, created: Date): Promise<World> {
  const names = new Map<number, string>();
  const runs = new Map<number, string>();
  const memberIds: number[] = [];
  for (const [i, m] of s.members.entries()) {
    const inviter = i === 0 || m.inviter < 0 ? null : memberIds[Math.max(0, i - 1 - m.inviter)]!;
    const id = await insertMember(db, inviter);
    memberIds.push(id);
    names.set(id, `member ${i}`);
  }
  const reviewerId = memberIds[s.reviewerMember % memberIds.length]!;
  const operatorId = await insertMember(db, null);
  const otherId = await insertMember(db, null);
  names.set(operatorId, 'operator').set(otherId, 'other reviewer');
  await db.execute(sql`update users set role = 'reviewer' where id in (${reviewerId}, ${otherId})`);
  await db.execute(sql`update users set role = 'admin' where id = ${operatorId}`);

  let period = 0;
  const run = async (userId: number, taskId: number, status: (typeof taskRuns.$inferInsert)['status'], name: string) => {
    period += 1;
    const [row] = await db.insert(taskRuns).values({ userId, taskId, period: `eq${period}`, seq: 1, step: 1, status }).returning({ id: taskRuns.id });
    if (!row) throw new Error('run insert failed');
    runs.set(row.id, name);
    return row.id;
  };
  for (const [i, m] of s.members.entries()) {
    for (const [k] of m.prior.entries()) {
      const runId = await run(memberIds[i]!, shared.prior[i]![k]!, 'passed', `prior ${i}.${k}`);
      await db.execute(sql`select * from ledger_pay_task_run(${runId}::int)`);
    }
  }

  const submissionNames = new Map<number, string>();
  const submissionIds: number[] = [];
  let previous: { userId: number; runId: number; taskId: number } | undefined;
  const liveUntil = new Date(created.getTime() + 600_000);
  for (const [n, spec] of s.submissions.entries()) {
    const again = spec.state === 'sameRunAsPrevious' && previous;
    const userId = again ? previous!.userId : memberIds[spec.member % memberIds.length]!;
    const taskId = again ? previous!.taskId : shared.submissions[n]!;
    const runStatus = spec.state === 'failed' || spec.state === 'runUnpayable' ? 'failed' : spec.state === 'runCompleted' ? 'completed' : 'underReview';
    const runId = again ? previous!.runId : await run(userId, taskId, runStatus, `run of submission ${n}`);
    const [row] = await db
      .insert(submissions)
      .values({
        runId,
        userId,
        taskId,
        pictures: [],
        status: spec.state === 'failed' ? 'failed' : 'underReview',
        reason: spec.state === 'failed' ? 'blurry' : null,
        reviewerId: spec.state === 'failed' ? operatorId : null,
        createdAt: created,
        deadlineAt: new Date(created.getTime() + 48 * 3_600_000),
        reviewedAt: spec.state === 'failed' ? created : null,
      })
      .returning({ id: submissions.id });
    if (!row) throw new Error('submission insert failed');
    submissionIds.push(row.id);
    submissionNames.set(row.id, `submission ${n}`);
    const claim = {
      claimedByOther: { reviewerId: otherId, expiresAt: liveUntil },
      claimedByOperator: { reviewerId: operatorId, expiresAt: liveUntil },
      claimedByReviewer: { reviewerId, expiresAt: liveUntil },
      claimExpired: { reviewerId: otherId, expiresAt: new Date(created.getTime() - 60_000) },
    }[spec.state as string];
    if (claim) await db.insert(reviewClaims).values({ submissionId: row.id, ...claim });
    previous = { userId, runId, taskId };
  }
  return {
    users: names,
    runs,
    submissions: submissionNames,
    submissionIds,
    reviewer: { userId: reviewerId, role: 'reviewer' },
    operator: { userId: operatorId, role: 'admin' },
  };
}

function callsOf(s: Scenario, world: World, now: Date): PassCall[] {
  return s.items.map((item) => ({
    submissionId: world.submissionIds[item.submission % world.submissionIds.length]!,
    reviewer: item.by === 'reviewer' ? world.reviewer : item.by === 'operator' ? world.operator : null,
    now,
  }));
}

/** What a caller heard: the pass's answer, or that it raised. */
type Answer = PassAnswer | { error: true };

/** Item by item with the single pass, each its own statement; one that raises changes nothing. */
async function passEach(db: Db, calls: PassCall[]): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const call of calls) out.push(await passOne(db, call).catch(() => ({ error: true as const })));
  return out;
}

function rows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return db.execute(query).then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

/** Everything the passes may have written, named through the world's maps (ids and clocks left out). */
async function snapshot(db: Db, world: World, answers: Answer[]) {
  const ids = sql.param([...world.users.keys()]);
  const runIds = sql.param([...world.runs.keys()]);
  const subIds = sql.param(world.submissionIds);
  const user = (id: unknown) => (id === null ? null : (world.users.get(Number(id)) ?? `outsider ${id}`));
  const run = (id: unknown) => (id === null ? null : (world.runs.get(Number(id)) ?? `outsider run ${id}`));
  const sub = (id: unknown) => world.submissions.get(Number(id)) ?? `outsider submission ${id}`;
  const byName = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();

  const named = (await rows(db, sql`select id, level from users where id = any(${ids}::int[])`)).map((r) => [user(r.id), Number(r.level)]);
  const balances = (await rows(db, sql`select user_id, balance from balances where user_id = any(${ids}::int[])`)).map((r) => [user(r.user_id), Number(r.balance)]);
  const entries = (await rows(db, sql`select user_id, reason, amount from ledger_entries where user_id = any(${ids}::int[])`)).map((r) => [user(r.user_id), r.reason, Number(r.amount)]);
  const progress = (
    await rows(db, sql`select user_id, task_points, active_invitees, verified_at is not null as verified, verified_run_id from user_progress where user_id = any(${ids}::int[])`)
  ).map((r) => [user(r.user_id), Number(r.task_points), Number(r.active_invitees), r.verified, run(r.verified_run_id)]);
  const spins = (await rows(db, sql`select user_id, source, grant_key from draw_spins where user_id = any(${ids}::int[])`)).map((r) => {
    const [, runId, n] = String(r.grant_key).split(':');
    return [user(r.user_id), r.source, run(Number(runId)), n];
  });
  const rebates = (await rows(db, sql`select run_id, earner_id, upline_id, depth, amount, status, paid_at is not null as dated from team_rebates where earner_id = any(${ids}::int[])`)).map(
    (r) => [run(r.run_id), user(r.earner_id), user(r.upline_id), Number(r.depth), Number(r.amount), r.status, r.dated],
  );
  const daily = (
    await rows(db, sql`select ancestor_id, day::text as day, registered, online_users, online_points from team_daily_stats where ancestor_id = any(${ids}::int[])`)
  ).map((r) => [user(r.ancestor_id), r.day, Number(r.registered), Number(r.online_users), Number(r.online_points)]);
  const memberDays = (await rows(db, sql`select user_id, day::text as day, kind from member_days where user_id = any(${ids}::int[])`)).map((r) => [user(r.user_id), r.day, r.kind]);
  const claims = (await rows(db, sql`select submission_id, reviewer_id, expires_at from review_claims where submission_id = any(${subIds}::int[])`)).map((r) => [
    sub(r.submission_id),
    user(r.reviewer_id),
    iso(r.expires_at),
  ]);
  const actions = (
    await rows(db, sql`select target_id, operator_id, operator_role, action, before, after, note from operator_actions where target_type = 'submission' and target_id = any(${sql.param(world.submissionIds.map(String))}::text[])`)
  ).map((r) => [sub(r.target_id), user(r.operator_id), r.operator_role, r.action, r.before, r.after, r.note]);
  const taskRunRows = (
    await rows(db, sql`select id, status, reason, reward_paid, ledger_entry_id is not null as has_entry, completed_at is not null as done from task_runs where id = any(${runIds}::int[])`)
  ).map((r) => [run(r.id), r.status, r.reason, r.reward_paid === null ? null : Number(r.reward_paid), r.has_entry, r.done]);
  const submissionRows = (await rows(db, sql`select id, status, reason, reviewer_id, reviewed_at from submissions where id = any(${subIds}::int[])`)).map((r) => [
    sub(r.id),
    r.status,
    r.reason,
    user(r.reviewer_id),
    iso(r.reviewed_at),
  ]);

  const phones = new Map((await rows(db, sql`select id, phone, public_id from users where id = any(${ids}::int[])`)).map((r) => [r.id as number, r]));
  const answered = answers.map((a) => {
    if ('error' in a) return 'raised';
    const item = a.item;
    if (!item) return { outcome: a.outcome, item: null };
    const earner = phones.get(item.userId);
    return {
      outcome: a.outcome,
      item: {
        id: sub(item.id),
        runId: run(item.runId),
        userId: user(item.userId),
        taskId: item.taskId,
        taskTitle: item.taskTitle,
        pictures: item.pictures,
        status: item.status,
        reason: item.reason,
        reviewerId: user(item.reviewerId),
        createdAt: iso(item.createdAt),
        deadlineAt: iso(item.deadlineAt),
        reviewedAt: iso(item.reviewedAt),
        // The earner's public id and phone differ between worlds: they must be this world's earner's.
        earnerIsTheirs: earner?.public_id === item.earnerId && earner?.phone === item.phone,
        reward: item.reward,
        duplicateOf: item.duplicateOf,
      },
    };
  });

  return {
    answered,
    levels: byName(named),
    balances: byName(balances),
    entries: byName(entries),
    progress: byName(progress),
    spins: byName(spins),
    rebates: byName(rebates),
    daily: byName(daily),
    memberDays: byName(memberDays),
    claims: byName(claims),
    actions: byName(actions),
    taskRuns: byName(taskRunRows),
    submissions: byName(submissionRows),
  };
}

describe.each(engines)('a batch of passes decides as the same passes one after another (%s)', (engine) => {
  const ctx = useTestContext(engine);

  it('leaves every balance, entry, level, rebate, rollup, claim and log entry as the single passes do, or refuses and changes nothing', async () => {
    let batchesRefused = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const db = ctx.db;
        const shared: SharedTasks = {
          prior: await Promise.all(s.members.map((m) => Promise.all(m.prior.map((p) => createTask(db, p.audit ? 'audit' : 'joinGroup', p.reward))))),
          submissions: await Promise.all(s.submissions.map((x) => createTask(db, x.audit ? 'audit' : 'joinGroup', x.reward))),
        };
        // Whole seconds: both worlds' timestamps read back alike on either engine.
        const created = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
        const now = new Date(created.getTime() + 3_600_000);
        const batched = await buildWorld(db, s, shared, created);
        const single = await buildWorld(db, s, shared, created);

        const batchCalls = callsOf(s, batched, now);
        const before = await countRows(db);
        const untouched = await snapshot(db, batched, []);
        let batchAnswers: Answer[];
        try {
          batchAnswers = await passBatch(db, batchCalls);
        } catch {
          // Refused as a whole: nothing of it is kept, and the server passes each item alone.
          batchesRefused += 1;
          expect(await countRows(db)).toEqual(before);
          expect(await snapshot(db, batched, [])).toEqual(untouched);
          batchAnswers = await passEach(db, batchCalls);
        }
        const singleAnswers = await passEach(db, callsOf(s, single, now));

        expect(await snapshot(db, batched, batchAnswers)).toEqual(await snapshot(db, single, singleAnswers));
        expect(await reconcile(db)).toMatchObject(BOOKS_HOLD);
      }),
      { numRuns: engine === 'postgres' ? 25 : 10, verbose: 1 },
    );
    // Most scenarios hold nothing the batch refuses: the property is about the batch, not the fallback.
    expect(batchesRefused).toBeLessThan(engine === 'postgres' ? 25 : 10);
  }, 120_000);
});
