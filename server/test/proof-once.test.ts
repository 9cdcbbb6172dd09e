import type { ReviewItem } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissions, uploads } from '../src/db/schema';
import { call, countRows, engines, registerEarner, type Registered, useTestContext } from './helper';
import { makeReviewer, picture, uploadBytes } from './reviews-fixtures';
import { createTask } from './tasks-fixtures';

const UPLOAD_ALREADY_USED = 1402;

describe.each(engines)('a picture proves one submission (%s)', (engine) => {
  const ctx = useTestContext(engine);
  const auditTask = () => createTask(ctx.db, { kind: 'audit', reward: 2_00, proofPictures: 1 }, ['proof']);
  const prove = (earner: Registered, task: { id: number; stepIds: number[] }, pictures: string[]) =>
    call(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload: { taskId: task.id, stepId: task.stepIds[0], pictures } });
  const start = (earner: Registered, task: { id: number }) =>
    call(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload: { taskId: task.id } });
  const uploadOf = async (earner: Registered, bytes: Buffer) => ((await uploadBytes(ctx.app, earner.token, bytes, 'image/png')).body.data as { id: string }).id;

  it('refuses one screenshot as proof for a second task, leaving every row as it was', async () => {
    const earner = await registerEarner(ctx.app);
    const [first, second] = [await auditTask(), await auditTask()];
    const id = await uploadOf(earner, await picture('png', 64, 48));
    await start(earner, first);
    expect((await prove(earner, first, [id])).body.code).toBe(200);
    await start(earner, second);
    const before = await countRows(ctx.db);
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/app/task/leading-task',
      token: earner.token,
      headers: { 'accept-language': 'en-US' },
      payload: { taskId: second.id, stepId: second.stepIds[0], pictures: [id] },
    });
    expect(again.body).toEqual({ code: UPLOAD_ALREADY_USED, data: null, msg: 'This picture was already sent as proof. Please take a new screenshot' });
    expect(await countRows(ctx.db)).toEqual(before);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id));
    const [sub] = await ctx.db.select().from(submissions).where(eq(submissions.userId, earner.userId));
    expect(row?.submissionId).toBe(sub?.id);
  });

  it('two tasks proved with one picture at once: exactly one is taken', async () => {
    const earner = await registerEarner(ctx.app);
    const tasks = [await auditTask(), await auditTask(), await auditTask(), await auditTask()];
    for (const task of tasks) await start(earner, task);
    const id = await uploadOf(earner, await picture('png', 70, 40));
    const codes = (await Promise.all(tasks.map((task) => prove(earner, task, [id])))).map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === UPLOAD_ALREADY_USED)).toHaveLength(3);
    expect(await ctx.db.select().from(submissions).where(eq(submissions.userId, earner.userId))).toHaveLength(1);
  });

  it("flags to reviewers a picture another earner already sent, and only that one", async () => {
    const reviewer = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, reviewer.userId);
    const [alice, bob, carol] = [await registerEarner(ctx.app), await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const task = await auditTask();
    const shared = await picture('png', 90, 60);
    for (const earner of [alice, bob]) {
      await start(earner, task);
      expect((await prove(earner, task, [await uploadOf(earner, shared)])).body.code).toBe(200);
    }
    await start(carol, task);
    expect((await prove(carol, task, [await uploadOf(carol, await picture('png', 91, 61))])).body.code).toBe(200);

    const list = await call<{ list: ReviewItem[] }>(ctx.app, { method: 'GET', url: '/admin/review/list?status=underReview&page=1', token: reviewer.token });
    const items = list.body.data?.list ?? [];
    const subOf = async (earner: Registered) => (await ctx.db.select().from(submissions).where(eq(submissions.userId, earner.userId)))[0]!.id;
    const [a, b, c] = [await subOf(alice), await subOf(bob), await subOf(carol)];
    expect(items.find((i) => i.id === a)?.duplicateOf).toEqual([b]);
    expect(items.find((i) => i.id === b)?.duplicateOf).toEqual([a]);
    expect(items.find((i) => i.id === c)?.duplicateOf).toEqual([]);

    // The pass answers the item with the same check, still flagged once decided.
    const passed = await call<ReviewItem>(ctx.app, { method: 'POST', url: '/admin/review/pass', token: reviewer.token, payload: { submissionId: a } });
    expect(passed.body.data).toMatchObject({ id: a, status: 'passed', duplicateOf: [b] });
  });
});
