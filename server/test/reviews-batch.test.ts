import type { ReviewItem } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import { ledgerEntries, operatorActions, submissions, taskRuns, teamRebates, userProgress, users } from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { passBatch } from '../src/modules/reviews/reviews.repository';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, registerEarner, type Registered, type TestContext, useTestContext } from './helper';
import { auditRun, makeReviewer, submit, uploadPicture } from './reviews-fixtures';

/** An audit run of the earner's under review, with its submission and one uploaded picture. */
async function pendingIn(ctx: TestContext, earner: Registered, reward = 100_00) {
  const run = await auditRun(ctx.db, earner.userId, reward);
  const submissionId = await submit(ctx.db, earner.userId, run, { pictures: [await uploadPicture(ctx.app, earner.token)] });
  return { run, submissionId };
}

// Passes that arrive together share one statement (group commit,
// `ledger_pass_submissions_in_order`); each item must still be decided as if the passes had come one
// after another.
describe.each(engines)('reviewer passes in batches (%s)', (engine) => {
  const ctx = useTestContext(engine);
  let reviewer: Registered;
  let operator: Registered;

  beforeAll(async () => {
    reviewer = await registerEarner(ctx.app);
    operator = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, reviewer.userId);
    await makeReviewer(ctx.db, operator.userId, 'admin');
  });

  const pending = (earner: Registered, reward?: number) => pendingIn(ctx, earner, reward);
  const taskCredits = async (userId: number) =>
    (await ctx.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'task_reward')))).length;
  const passLog = async (submissionId: number) =>
    ctx.db.select().from(operatorActions).where(and(eq(operatorActions.targetType, 'submission'), eq(operatorActions.targetId, String(submissionId))));
  const pass = (token: string, submissionId: number) => call<ReviewItem>(ctx.app, { method: 'POST', url: '/admin/review/pass', token, payload: { submissionId } });

  it('decides each item of one statement as passes one after another would, and pays each run once', async () => {
    const inviter = await registerEarner(ctx.app);
    const a = await registerEarner(ctx.app, inviter.inviteCode);
    const b = await registerEarner(ctx.app);
    const c = await registerEarner(ctx.app);
    const a1 = await pending(a, 200_00);
    const a2 = await pending(a, 300_00);
    const b1 = await pending(b);
    const c1 = await pending(c);
    const own = await pending(reviewer);
    const failed = await pending(b);
    expect((await call(ctx.app, { method: 'POST', url: '/admin/review/fail', token: operator.token, payload: { submissionId: failed.submissionId, reason: 'blurry' } })).status).toBe(200);
    // The operator holds b1 in the console's queue.
    await ctx.db.execute(sql`insert into review_claims (submission_id, reviewer_id, expires_at) values (${b1.submissionId}, ${operator.userId}, ${new Date(Date.now() + 600_000).toISOString()}::timestamptz)`);
    const inviterBefore = await balanceOf(ctx.db, inviter.userId);

    const now = new Date();
    const asReviewer = { userId: reviewer.userId, role: 'reviewer' };
    const asOperator = { userId: operator.userId, role: 'admin' };
    const answers = await passBatch(ctx.db, [
      { submissionId: a1.submissionId, reviewer: asReviewer, now },
      { submissionId: a2.submissionId, reviewer: asReviewer, now },
      { submissionId: a1.submissionId, reviewer: asOperator, now },
      { submissionId: b1.submissionId, reviewer: asReviewer, now },
      { submissionId: b1.submissionId, reviewer: asOperator, now },
      // The operator's pass released the claim: the reviewer now hears it was passed.
      { submissionId: b1.submissionId, reviewer: asReviewer, now },
      { submissionId: own.submissionId, reviewer: asReviewer, now },
      { submissionId: failed.submissionId, reviewer: asReviewer, now },
      { submissionId: 2_000_000_000, reviewer: asReviewer, now },
      { submissionId: c1.submissionId, reviewer: null, now },
    ]);
    expect(answers.map((x) => x.outcome)).toEqual(['passed', 'passed', 'repeat', 'claimed', 'passed', 'repeat', 'own', 'decided', 'not_found', 'passed']);
    expect(answers[2]?.item).toMatchObject({ id: a1.submissionId, status: 'passed', reward: 200_00, reviewerId: reviewer.userId });
    expect(answers[4]?.item).toMatchObject({ id: b1.submissionId, status: 'passed', reviewerId: operator.userId });
    expect(answers[9]?.item).toMatchObject({ id: c1.submissionId, status: 'passed', reviewerId: null });
    expect(answers[3]?.item).toBeNull();

    // Exactly once per run, each run remembering what paid it.
    expect(await taskCredits(a.userId)).toBe(2);
    expect(await balanceOf(ctx.db, a.userId)).toBeGreaterThanOrEqual(500_00);
    for (const { run, reward } of [{ run: a1.run, reward: 200_00 }, { run: a2.run, reward: 300_00 }]) {
      const [row] = await ctx.db.select().from(taskRuns).where(eq(taskRuns.id, run.runId));
      expect(row).toMatchObject({ status: 'completed', rewardPaid: reward });
      const [entry] = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, Number(row?.ledgerEntryId)));
      expect(entry).toMatchObject({ account: 'earner', userId: a.userId, amount: reward, reason: 'task_reward' });
    }
    expect(await taskCredits(b.userId)).toBe(1);
    expect(await taskCredits(c.userId)).toBe(1);
    // The first audit task in the batch's order verifies the earner and makes them an active invitee.
    const [progress] = await ctx.db.select().from(userProgress).where(eq(userProgress.userId, a.userId));
    expect(progress).toMatchObject({ taskPoints: 500_00, verifiedRunId: a1.run.runId });
    const [inviterProgress] = await ctx.db.select().from(userProgress).where(eq(userProgress.userId, inviter.userId));
    expect(inviterProgress?.activeInvitees).toBe(1);
    // Verified in this batch: the inviter's rebates on both rewards are paid, none held.
    const rebates = await ctx.db.select().from(teamRebates).where(and(eq(teamRebates.earnerId, a.userId), eq(teamRebates.uplineId, inviter.userId)));
    expect(rebates.map((r) => r.status).sort()).toEqual(['paid', 'paid']);
    const rebateSum = rebates.reduce((sum, r) => sum + Number(r.amount), 0);
    expect(rebateSum).toBeGreaterThan(0);
    expect(await balanceOf(ctx.db, inviter.userId)).toBe(inviterBefore + rebateSum);
    // The audit log: one entry per reviewer's pass, none for the automatic one; the claim is gone.
    expect((await passLog(a1.submissionId)).map((x) => x.operatorId)).toEqual([reviewer.userId]);
    expect((await passLog(b1.submissionId)).map((x) => [x.action, x.operatorId, x.operatorRole])).toEqual([['review.pass', operator.userId, 'admin']]);
    expect(await passLog(c1.submissionId)).toEqual([]);
    const claims = await ctx.db.execute(sql`select 1 from review_claims where submission_id = ${b1.submissionId}`);
    expect((claims as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  it('decides alike on every call, past the first five (PostgreSQL may switch the statement to a generic plan then)', async () => {
    const earners = await Promise.all(Array.from({ length: 8 }, () => registerEarner(ctx.app)));
    for (const earner of earners) {
      const [first, second] = [await pending(earner, 3_00), await pending(earner, 4_00)];
      const now = new Date();
      const answers = await passBatch(ctx.db, [
        { submissionId: first.submissionId, reviewer: { userId: reviewer.userId, role: 'reviewer' }, now },
        { submissionId: second.submissionId, reviewer: { userId: reviewer.userId, role: 'reviewer' }, now },
        { submissionId: first.submissionId, reviewer: { userId: operator.userId, role: 'admin' }, now },
      ]);
      expect(answers.map((a) => [a.outcome, a.item?.id, a.item?.reward])).toEqual([
        ['passed', first.submissionId, 3_00],
        ['passed', second.submissionId, 4_00],
        ['repeat', first.submissionId, 3_00],
      ]);
      expect(await taskCredits(earner.userId)).toBe(2);
    }
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  // The batch judges levels on the progress its two upserts answer (migration 0029): an inviter whose
  // own reward and whose invitee's first audit task land in one batch is judged on both at once.
  it('raises an inviter by their reward and by their invitee verified in the same batch', async () => {
    const inviter = await registerEarner(ctx.app);
    const invitee = await registerEarner(ctx.app, inviter.inviteCode);
    const own = await pending(inviter, 2_000_00);
    const first = await pending(invitee);
    const now = new Date();
    const asReviewer = { userId: reviewer.userId, role: 'reviewer' };
    const answers = await passBatch(ctx.db, [
      { submissionId: own.submissionId, reviewer: asReviewer, now },
      { submissionId: first.submissionId, reviewer: asReviewer, now },
    ]);
    expect(answers.map((a) => a.outcome)).toEqual(['passed', 'passed']);
    const [progress] = await ctx.db.select().from(userProgress).where(eq(userProgress.userId, inviter.userId));
    expect(progress).toMatchObject({ taskPoints: 2_000_00, activeInvitees: 1 });
    // Level 3 needs 2,000 task points and one active invitee; either alone leaves level 2.
    const [row] = await ctx.db.select({ level: users.level }).from(users).where(eq(users.id, inviter.userId));
    expect(row?.level).toBe(3);
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  // Left to choose, PostgreSQL planned a batch of fewer than ten passes anew on every call (migration
  // 0028), and a plan kept from a small table scanned it once grown (0030). A later CREATE OR REPLACE
  // of one of these functions drops the settings unless it repeats them.
  it('plans the pass functions once for batches of any size, by their keys', async () => {
    const result = await ctx.db.execute(sql`
      select proname, proconfig from pg_proc
      where proname in ('ledger_pass_submissions_in_order', 'ledger_pass_team_locks', 'ledger_credit_many')
      order by proname`);
    expect((result as unknown as { rows: { proname: string; proconfig: string[] | null }[] }).rows).toEqual(
      ['ledger_credit_many', 'ledger_pass_submissions_in_order', 'ledger_pass_team_locks'].map((proname) => ({
        proname,
        proconfig: ['plan_cache_mode=force_generic_plan', 'enable_seqscan=off'],
      })),
    );
  });

  it('keeps nothing of a batch holding a run that cannot be paid', async () => {
    const earner = await registerEarner(ctx.app);
    const good = await pending(earner);
    const bad = await pending(earner);
    await ctx.db.update(taskRuns).set({ status: 'failed' }).where(eq(taskRuns.id, bad.run.runId));
    const before = await countRows(ctx.db);
    const now = new Date();
    await expect(
      passBatch(ctx.db, [
        { submissionId: good.submissionId, reviewer: { userId: reviewer.userId, role: 'reviewer' }, now },
        { submissionId: bad.submissionId, reviewer: { userId: reviewer.userId, role: 'reviewer' }, now },
      ]),
    ).rejects.toThrow();
    expect(await countRows(ctx.db)).toEqual(before);
    const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, good.submissionId));
    expect(row?.status).toBe('underReview');
  });

  it('many passes at once, some of one submission and one that cannot be paid: each caller hears its own answer, each run is paid once', async () => {
    const earners = await Promise.all(Array.from({ length: 12 }, () => registerEarner(ctx.app)));
    const items = [];
    for (const earner of earners) items.push({ earner, ...(await pending(earner, 150_00)) });
    const twice = items[0]!;
    const bad = await pending(earners[1]!);
    await ctx.db.update(taskRuns).set({ status: 'failed' }).where(eq(taskRuns.id, bad.run.runId));
    const before = await Promise.all(earners.map((e) => balanceOf(ctx.db, e.userId)));

    // A batch of the good ones alone, then one that holds the bad item and goes back to single passes.
    for (const withBad of [false, true]) {
      const targets = withBad
        ? [...items.slice(6).map((i) => i.submissionId), bad.submissionId, twice.submissionId]
        : [...items.slice(0, 6).map((i) => i.submissionId), twice.submissionId, twice.submissionId, twice.submissionId];
      const answers = await Promise.all(targets.map((id, n) => pass(n % 2 === 0 ? reviewer.token : operator.token, id)));
      targets.forEach((id, n) => {
        const answer = answers[n]!;
        if (id === bad.submissionId) {
          expect(answer.status).toBe(409);
        } else {
          expect(answer.status).toBe(200);
          expect(answer.body.data).toMatchObject({ id, status: 'passed', reward: 150_00 });
        }
      });
    }
    for (const [n, earner] of earners.entries()) {
      expect(await taskCredits(earner.userId)).toBe(1);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before[n]! + 150_00);
    }
    expect(await passLog(twice.submissionId)).toHaveLength(1);
    const [badRow] = await ctx.db.select().from(submissions).where(eq(submissions.id, bad.submissionId));
    expect(badRow?.status).toBe('underReview');
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });
});

// A connection keeps one plan for each statement of the pass functions, made at its first batch
// (migration 0028); a statement that read a table by a list of keys could stay a full scan of it
// as the table grew, with nothing to plan it again where no ANALYZE runs (migration 0029). Only a
// connection of real PostgreSQL keeps plans this way, and counts what each transaction scanned.
describe.skipIf(!process.env.DATABASE_URL)('reviewer passes in batches, on a connection that has passed before (postgres)', () => {
  const ctx = useTestContext('postgres');

  it('reads no row of users or user_progress by a scan once those tables have grown', async () => {
    const reviewer = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, reviewer.userId);
    const asReviewer = { userId: reviewer.userId, role: 'reviewer' };
    const pool = (ctx.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    try {
      const onClient = drizzle(client, { schema }) as unknown as Db;
      const batchOfTwo = async () => {
        const items = [await pendingIn(ctx, await registerEarner(ctx.app)), await pendingIn(ctx, await registerEarner(ctx.app))];
        return items.map(({ submissionId }) => ({ submissionId, reviewer: asReviewer, now: new Date() }));
      };
      const grow = async (from: number, to: number) => {
        await ctx.db.execute(sql`
          insert into users (public_id, phone, country, password_hash, invite_code)
          select 'grown-' || n, '+1555999' || lpad(n::text, 4, '0'), 'US', 'not-a-login', 'G' || n from generate_series(${from}::int, ${to}::int) n`);
        await ctx.db.execute(sql`
          insert into user_progress (user_id, task_points)
          select id, 1 from users where public_id like 'grown-%' on conflict (user_id) do nothing`);
      };
      // The connection's first batch, while users and user_progress hold a page of rows and their
      // statistics say so: its plans are made now, and nothing makes them again (no ANALYZE follows).
      await grow(1, 20);
      await ctx.db.execute(sql`analyze users`);
      await ctx.db.execute(sql`analyze user_progress`);
      expect((await passBatch(onClient, await batchOfTwo())).map((a) => a.outcome)).toEqual(['passed', 'passed']);
      await grow(21, 3000);

      const next = await batchOfTwo();
      await client.query('begin');
      expect((await passBatch(onClient, next)).map((a) => a.outcome)).toEqual(['passed', 'passed']);
      // What this connection has read and not yet reported, this batch included: the first batch's
      // scans of a few dozen rows at most, not the grown tables.
      const { rows } = await client.query<{ relname: string; seq_tup_read: string }>(
        `select relname, seq_tup_read from pg_stat_xact_user_tables where relname in ('users', 'user_progress') order by relname`,
      );
      await client.query('commit');
      const readByScan = (n: string) => (Number(n) < 100 ? 'under 100' : Number(n));
      expect(rows.map((r) => ({ table: r.relname, rows: readByScan(r.seq_tup_read) }))).toEqual([
        { table: 'user_progress', rows: 'under 100' },
        { table: 'users', rows: 'under 100' },
      ]);
    } finally {
      client.release();
    }
  });
});
