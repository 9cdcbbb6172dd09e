import type { ReviewItem } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ledgerEntries, operatorActions, submissions, taskRuns, users } from '../src/db/schema';
import { balanceOf, entriesSum } from '../src/modules/ledger/ledger.service';
import { passOverdue } from '../src/modules/reviews/reviews.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, registerEarner, type Registered, useTestContext } from './helper';
import { type AuditRun, auditRun, makeReviewer, submit, uploadPicture } from './reviews-fixtures';

interface Page {
  list: ReviewItem[];
  hasMore: boolean;
}

describe.each(engines)('audit reviews (%s)', (engine) => {
  const ctx = useTestContext(engine);
  let reviewer: Registered;
  let operator: Registered;

  beforeAll(async () => {
    reviewer = await registerEarner(ctx.app);
    operator = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, reviewer.userId);
    await makeReviewer(ctx.db, operator.userId, 'admin');
  });

  /** An earner with a run waiting for review on a submission of one uploaded picture. */
  async function pendingSubmission(options: { reward?: number; now?: Date; deadlineMinutes?: number } = {}) {
    const earner = await registerEarner(ctx.app);
    const run = await auditRun(ctx.db, earner.userId, options.reward);
    const picture = await uploadPicture(ctx.app, earner.token);
    const submissionId = await submit(ctx.db, earner.userId, run, { pictures: [picture], now: options.now, deadlineMinutes: options.deadlineMinutes });
    return { earner, run, picture, submissionId };
  }

  const pass = (token: string, submissionId: number) =>
    call<ReviewItem>(ctx.app, { method: 'POST', url: '/admin/review/pass', token, payload: { submissionId } });
  const fail = (token: string, submissionId: number, reason: string) =>
    call<ReviewItem>(ctx.app, { method: 'POST', url: '/admin/review/fail', token, payload: { submissionId, reason } });
  const credits = async (userId: number) =>
    (await ctx.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.reason} = 'task_reward'`)).length;
  const runOf = async (run: AuditRun) => (await ctx.db.select().from(taskRuns).where(eq(taskRuns.id, run.runId)))[0];

  describe('submitting proof', () => {
    it('asks for the screenshot, for two pictures, and refuses too many or the same one twice', async () => {
      const earner = await registerEarner(ctx.app);
      const one = await auditRun(ctx.db, earner.userId);
      const two = await auditRun(ctx.db, earner.userId, 100_00, 2);
      const [a, b, c] = [await uploadPicture(ctx.app, earner.token), await uploadPicture(ctx.app, earner.token), await uploadPicture(ctx.app, earner.token)];
      const before = await countRows(ctx.db);
      const cases: { run: AuditRun; pictures: string[]; required: number; key: string; params?: object }[] = [
        { run: one, pictures: [], required: 1, key: 'tasks.uploadScreenshot' },
        { run: two, pictures: [], required: 2, key: 'tasks.uploadTwoPictures' },
        { run: two, pictures: [a], required: 2, key: 'tasks.uploadTwoPictures' },
        { run: one, pictures: [a, b], required: 1, key: 'tasks.tooManyPictures', params: { max: 1 } },
        { run: two, pictures: [a, b, c], required: 2, key: 'tasks.tooManyPictures', params: { max: 2 } },
        { run: two, pictures: [a, a], required: 2, key: 'uploads.duplicatePicture' },
      ];
      for (const { run, pictures, required, key, params } of cases) {
        await expect(submit(ctx.db, earner.userId, run, { pictures, required })).rejects.toMatchObject({ code: 1204, key, params: params ?? {} });
      }
      expect(await countRows(ctx.db)).toEqual(before);
      const id = await submit(ctx.db, earner.userId, two, { pictures: [a, b], required: 2 });
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, id));
      expect(row).toMatchObject({ status: 'underReview', pictures: [a, b], runId: two.runId, userId: earner.userId });
    });

    it('refuses another earner’s upload exactly like an unknown one', async () => {
      const [earner, other] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
      const run = await auditRun(ctx.db, earner.userId);
      const theirs = await uploadPicture(ctx.app, other.token);
      const mine = await uploadPicture(ctx.app, earner.token);
      for (const pictures of [[theirs], ['0'.repeat(32)], ['not-an-upload-id']]) {
        await expect(submit(ctx.db, earner.userId, run, { pictures })).rejects.toMatchObject({ code: 404, key: 'errors.notFound' });
      }
      const two = await auditRun(ctx.db, earner.userId, 100_00, 2);
      await expect(submit(ctx.db, earner.userId, two, { pictures: [mine, theirs], required: 2 })).rejects.toMatchObject({ code: 404 });
      expect(await ctx.db.select().from(submissions).where(eq(submissions.userId, earner.userId))).toEqual([]);
    });

    it('sets the deadline from the engine’s clock', async () => {
      const now = new Date('2030-01-02T03:04:05.000Z');
      const { submissionId } = await pendingSubmission({ now, deadlineMinutes: 90 });
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
      expect(row?.deadlineAt.toISOString()).toBe('2030-01-02T04:34:05.000Z');
    });
  });

  describe('who may review', () => {
    it('refuses earners on every review call with 403', async () => {
      const { earner, submissionId } = await pendingSubmission();
      const attempts = [
        call(ctx.app, { method: 'GET', url: '/admin/review/list', token: earner.token }),
        pass(earner.token, submissionId),
        fail(earner.token, submissionId, 'blurry picture'),
      ];
      for (const { status, body } of await Promise.all(attempts)) {
        expect(status).toBe(403);
        expect(body).toEqual({ code: 403, data: null, msg: 'Only reviewers can do this' });
      }
      expect((await call(ctx.app, { method: 'GET', url: '/admin/review/list' })).status).toBe(401);
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
      expect(row?.status).toBe('underReview');
      expect(await credits(earner.userId)).toBe(0);
    });

    it('lets a reviewer see any earner’s pictures', async () => {
      const { picture } = await pendingSubmission();
      const response = await ctx.app.inject({ method: 'GET', url: `/app/upload/image/${picture}`, headers: { authorization: `Bearer ${operator.token}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    });

    it('never lets a reviewer decide their own submission', async () => {
      const run = await auditRun(ctx.db, reviewer.userId);
      const picture = await uploadPicture(ctx.app, reviewer.token);
      const own = await submit(ctx.db, reviewer.userId, run, { pictures: [picture] });
      for (const { status, body } of [await pass(reviewer.token, own), await fail(reviewer.token, own, 'looks fine')]) {
        expect(status).toBe(403);
        expect(body.msg).toBe('You cannot review your own submission');
      }
      expect(await credits(reviewer.userId)).toBe(0);
      // Another reviewer may.
      expect((await pass(operator.token, own)).status).toBe(200);
    });
  });

  describe('deciding', () => {
    it('lists the queue oldest first with masked phones and English titles', async () => {
      const older = await pendingSubmission({ now: new Date(Date.now() - 3 * 60_000) });
      const newer = await pendingSubmission({ now: new Date(Date.now() - 60_000) });
      const { status, body } = await call<Page>(ctx.app, { method: 'GET', url: '/admin/review/list', token: reviewer.token, headers: { 'accept-language': 'hi-IN' } });
      expect(status).toBe(200);
      const ids = body.data!.list.map((item) => item.id);
      expect(ids.indexOf(older.submissionId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(older.submissionId)).toBeLessThan(ids.indexOf(newer.submissionId));
      const item = body.data!.list.find((i) => i.id === older.submissionId)!;
      const phone = older.earner.phone;
      expect(item).toMatchObject({ status: 'underReview', pictures: [older.picture], reward: 250_00, taskId: older.run.taskId, reviewedAt: null });
      expect(item.taskTitle).toMatch(/^Review fixture \d+$/);
      expect(item.earnerPhone).toBe(`+91 ${phone.slice(0, 2)}•••••${phone.slice(-3)}`);
      expect(item.earnerId).toBe(older.earner.thirdUserId);
      // The account id the console links to the earner's profile with.
      expect(item.earnerRowId).toBe(older.earner.userId);
      expect(body.data!.list.every((i) => i.status === 'underReview')).toBe(true);
      const bad = await call(ctx.app, { method: 'GET', url: '/admin/review/list?status=maybe&page=0', token: reviewer.token });
      expect(bad.status).toBe(400);
    });

    it('pages 20 at a time', async () => {
      const earner = await registerEarner(ctx.app);
      // A picture proves one submission only: each gets its own.
      for (let i = 0; i < 21; i++) await submit(ctx.db, earner.userId, await auditRun(ctx.db, earner.userId), { pictures: [await uploadPicture(ctx.app, earner.token)] });
      const first = await call<Page>(ctx.app, { method: 'GET', url: '/admin/review/list?page=1', token: reviewer.token });
      expect(first.body.data!.list).toHaveLength(20);
      expect(first.body.data!.hasMore).toBe(true);
      const n = (await ctx.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.status, 'underReview'))).length;
      const lastPage = Math.ceil(n / 20);
      const last = await call<Page>(ctx.app, { method: 'GET', url: `/admin/review/list?page=${lastPage}`, token: reviewer.token });
      expect(last.body.data!.hasMore).toBe(false);
      expect(last.body.data!.list.length).toBe(n - (lastPage - 1) * 20);
    });

    it('pays a pass exactly once, even when passed twice', async () => {
      const { earner, run, submissionId } = await pendingSubmission({ reward: 300_00 });
      const before = await balanceOf(ctx.db, earner.userId);
      const first = await pass(reviewer.token, submissionId);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ id: submissionId, status: 'passed', reward: 300_00 });
      expect(first.body.data!.reviewedAt).not.toBeNull();
      const second = await pass(operator.token, submissionId);
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual(first.body.data);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before + 300_00);
      expect(await credits(earner.userId)).toBe(1);
      expect(await runOf(run)).toMatchObject({ status: 'completed', rewardPaid: 300_00 });
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
      expect(row?.reviewerId).toBe(reviewer.userId);
      const passedList = await call<Page>(ctx.app, { method: 'GET', url: '/admin/review/list?status=passed', token: reviewer.token });
      expect(passedList.body.data!.list.map((i) => i.id)).toContain(submissionId);
    });

    it('fails with a reason: the run fails with it, nothing is paid, and a later decision is a conflict', async () => {
      const { earner, run, submissionId } = await pendingSubmission();
      const before = await balanceOf(ctx.db, earner.userId);
      const failed = await fail(reviewer.token, submissionId, '  The screenshot does not show the group  ');
      expect(failed.status).toBe(200);
      expect(failed.body.data).toMatchObject({ status: 'failed', reason: 'The screenshot does not show the group' });
      expect(await runOf(run)).toMatchObject({ status: 'failed', reason: 'The screenshot does not show the group' });
      for (const again of [await pass(operator.token, submissionId), await fail(operator.token, submissionId, 'another reason')]) {
        expect(again.status).toBe(409);
        expect(again.body.msg).toBe('This submission has already been decided');
      }
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before);
      expect(await credits(earner.userId)).toBe(0);
    });

    it('refuses to fail a passed submission, and answers unknown ones with 404', async () => {
      const { earner, submissionId } = await pendingSubmission();
      expect((await pass(reviewer.token, submissionId)).status).toBe(200);
      const late = await fail(operator.token, submissionId, 'changed my mind');
      expect(late.status).toBe(409);
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
      expect(row).toMatchObject({ status: 'passed', reason: null });
      expect(await credits(earner.userId)).toBe(1);
      expect((await pass(reviewer.token, 2_000_000_000)).status).toBe(404);
      expect((await fail(reviewer.token, submissionId, 'x')).status).toBe(400);
    });

    it('passes overdue submissions on its own, paying each once', async () => {
      const overdue = await pendingSubmission({ now: new Date(Date.now() - 3 * 3_600_000), deadlineMinutes: 60 });
      const notYet = await pendingSubmission({ deadlineMinutes: 60 });
      const now = new Date();
      expect(await passOverdue(ctx.db, now)).toBeGreaterThanOrEqual(1);
      expect(await passOverdue(ctx.db, now)).toBe(0);
      const [passed] = await ctx.db.select().from(submissions).where(eq(submissions.id, overdue.submissionId));
      expect(passed).toMatchObject({ status: 'passed', reviewerId: null });
      expect(await credits(overdue.earner.userId)).toBe(1);
      expect(await runOf(overdue.run)).toMatchObject({ status: 'completed' });
      const [waiting] = await ctx.db.select().from(submissions).where(eq(submissions.id, notYet.submissionId));
      expect(waiting?.status).toBe('underReview');
      expect(await credits(notYet.earner.userId)).toBe(0);
    });

    it('runs the automatic pass when a server starts', async () => {
      const overdue = await pendingSubmission({ now: new Date(Date.now() - 3 * 3_600_000), deadlineMinutes: 60 });
      const second = await buildApp({ database: ctx.database, config: ctx.config });
      try {
        await second.ready();
        let status = 'underReview';
        for (let i = 0; i < 100 && status === 'underReview'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          [{ status }] = (await ctx.db.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, overdue.submissionId))) as [{ status: string }];
        }
        expect(status).toBe('passed');
      } finally {
        await second.close();
      }
      expect(await credits(overdue.earner.userId)).toBe(1);
    });
  });

  if (engine !== 'postgres') return;

  describe('at once (PostgreSQL)', () => {
    it('two reviewers passing the same submission credit it once, and both are answered', async () => {
      const { earner, submissionId } = await pendingSubmission();
      const results = await Promise.all([pass(reviewer.token, submissionId), pass(operator.token, submissionId)]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(await credits(earner.userId)).toBe(1);
    });

    it('ten passes of one earner’s different submissions each pay once, alongside the automatic pass', async () => {
      const earner = await registerEarner(ctx.app);
      const past = new Date(Date.now() - 3 * 3_600_000);
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const picture = await uploadPicture(ctx.app, earner.token);
        ids.push(await submit(ctx.db, earner.userId, await auditRun(ctx.db, earner.userId, 100_00 + i), { pictures: [picture], now: past, deadlineMinutes: 60 }));
      }
      const before = await balanceOf(ctx.db, earner.userId);
      const [answers] = await Promise.all([
        Promise.all(ids.flatMap((id) => [pass(reviewer.token, id), pass(operator.token, id)])),
        passOverdue(ctx.db, new Date()),
        passOverdue(ctx.db, new Date()),
      ]);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(await credits(earner.userId)).toBe(10);
      const expected = Array.from({ length: 10 }, (_, i) => 100_00 + i).reduce((a, b) => a + b, 0);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before + expected);
    });

    it('the same submission passed ten times at once is credited once, logged once, and every call answers the pass', async () => {
      const { earner, run, submissionId } = await pendingSubmission({ reward: 250_00 });
      const before = await balanceOf(ctx.db, earner.userId);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pass(i % 2 === 0 ? reviewer.token : operator.token, submissionId)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      for (const answer of answers) expect(answer.body.data).toMatchObject({ id: submissionId, status: 'passed', reward: 250_00 });
      expect(await credits(earner.userId)).toBe(1);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before + 250_00);
      expect(await runOf(run)).toMatchObject({ status: 'completed', rewardPaid: 250_00 });
      const logged = await ctx.db.select().from(operatorActions).where(and(eq(operatorActions.targetType, 'submission'), eq(operatorActions.targetId, String(submissionId))));
      expect(logged).toHaveLength(1);
      const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
      expect(logged[0]).toMatchObject({
        action: 'review.pass',
        operatorId: row?.reviewerId,
        operatorRole: row?.reviewerId === reviewer.userId ? 'reviewer' : 'admin',
        before: { status: 'underReview' },
        after: { status: 'passed', reason: null },
        note: null,
      });
      expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
    });

    it('a pass racing a fail: one of them decides, the other is a conflict, and the books follow the winner', async () => {
      const pending = await Promise.all(Array.from({ length: 6 }, () => pendingSubmission({ reward: 120_00 })));
      await Promise.all(
        pending.map(async ({ earner, run, submissionId }, i) => {
          // Half the races start with the pass, half with the failure.
          const [passed, failed] = i % 2 === 0
            ? await Promise.all([pass(reviewer.token, submissionId), fail(operator.token, submissionId, 'blurry picture')])
            : await Promise.all([fail(operator.token, submissionId, 'blurry picture'), pass(reviewer.token, submissionId)]).then(([f, p]) => [p, f] as const);
          expect([passed.status, failed.status].sort()).toEqual([200, 409]);
          const [row] = await ctx.db.select().from(submissions).where(eq(submissions.id, submissionId));
          const logged = await ctx.db.select().from(operatorActions).where(and(eq(operatorActions.targetType, 'submission'), eq(operatorActions.targetId, String(submissionId))));
          expect(logged).toHaveLength(1);
          if (passed.status === 200) {
            expect(row?.status).toBe('passed');
            expect(await credits(earner.userId)).toBe(1);
            expect(await runOf(run)).toMatchObject({ status: 'completed', rewardPaid: 120_00 });
            expect(logged[0]?.action).toBe('review.pass');
          } else {
            expect(row).toMatchObject({ status: 'failed', reason: 'blurry picture' });
            expect(await credits(earner.userId)).toBe(0);
            expect(await runOf(run)).toMatchObject({ status: 'failed', rewardPaid: null });
            expect(logged[0]?.action).toBe('review.fail');
          }
        }),
      );
      expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
    });

    it('keeps the ledger reconciled for every user', async () => {
      const all = await ctx.db.select({ id: users.id }).from(users);
      for (const { id } of all) expect(await entriesSum(ctx.db, id)).toBe(await balanceOf(ctx.db, id));
    });
  });
});
