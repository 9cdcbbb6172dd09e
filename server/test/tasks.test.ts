import { randomBytes } from 'node:crypto';
import { type Credit, ErrorCode, type LeadingTaskResult, type Submission, type Task, type TaskDetail } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, redeemCodes, taskRuns, tasks, uploads } from '../src/db/schema';
import { call, countRows, createTestContext, engines, PASSWORD, registerEarner, type Registered, testConfig, useTestContext } from './helper';
import { createCode, createTask } from './tasks-fixtures';

const HOUR = 3_600_000;

describe.each(engines)('the task engine (%s)', (engine) => {
  // No catalogue cache: each test inserts its own tasks and must see them at once.
  const ctx = useTestContext(engine, testConfig({ CATALOGUE_CACHE_MS: '0', GRAB_TEST_HOOKS: '1' }));
  let alice: Registered;
  let bob: Registered;

  beforeAll(async () => {
    alice = await registerEarner(ctx.app);
    bob = await registerEarner(ctx.app);
  });

  const lead = (earner: Registered, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call<LeadingTaskResult>(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload, headers });
  const list = async (earner: Registered, headers: Record<string, string> = {}) =>
    (await call<Task[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: earner.token, headers })).body.data ?? [];
  const listed = async (earner: Registered, taskId: number) => (await list(earner)).find((t) => t.id === taskId);
  const detail = (earner: Registered, taskId: number | string) => call<TaskDetail>(ctx.app, { method: 'GET', url: `/app/task/detail?taskId=${taskId}`, token: earner.token });
  const collect = (earner: Registered, taskId: number | string) => call<Credit>(ctx.app, { method: 'GET', url: `/app/task/collect?taskId=${taskId}`, token: earner.token });
  const exchange = (earner: Registered, code: string, headers: Record<string, string> = {}, attempt?: string) =>
    call<Credit>(ctx.app, {
      method: 'GET',
      url: `/app/task/exchange?${new URLSearchParams({ code, ...(attempt === undefined ? {} : { attempt }) })}`,
      token: earner.token,
      headers,
    });
  const setClock = async (earner: Registered, offsetMs: number) => {
    const { status } = await call(ctx.app, { method: 'POST', url: '/test/clock', token: earner.token, payload: { offsetMs } });
    expect(status).toBe(200);
  };
  const visit = (linkId: string, visitorId: string, remoteAddress: string, earner?: Registered) =>
    call<{ counted: boolean }>(ctx.app, { method: 'POST', url: '/app/user/advertisement', token: earner?.token, payload: { linkId, visitorId }, remoteAddress });
  const balanceOf = async (userId: number) => Number((await ctx.db.select().from(balances).where(eq(balances.userId, userId)))[0]?.balance ?? 0);
  const upload = async (earner: Registered) => {
    const id = randomBytes(16).toString('hex');
    await ctx.db.insert(uploads).values({ id, userId: earner.userId, mime: 'image/webp', bytes: 1000, width: 100, height: 200 });
    return id;
  };

  it('lists a task with the earner state, localized, and locks it above the earner level', async () => {
    const task = await createTask(
      ctx.db,
      { title: 'Join our group', minLevel: 1, texts: { 'hi-IN': { title: 'हमारे ग्रुप से जुड़ें', steps: ['ग्रुप खोलें'] } } },
      ['open'],
    );
    const high = await createTask(ctx.db, { minLevel: 3 }, ['open']);
    const english = await listed(alice, task.id);
    expect(english).toMatchObject({ title: 'Join our group', status: 'notStarted', progress: { done: 0, total: 1 }, locked: false, closedReason: null });
    expect(english?.taskBranchList).toEqual([{ id: task.stepIds[0], h5Url: '/joinTgTask', title: 'Step 1', action: 'open' }]);
    const hindi = (await list(alice, { 'accept-language': 'hi-IN' })).find((t) => t.id === task.id);
    expect(hindi?.title).toBe('हमारे ग्रुप से जुड़ें');
    expect(hindi?.taskBranchList[0]?.title).toBe('ग्रुप खोलें');
    expect((await listed(alice, high.id))?.locked).toBe(true);
  });

  it('says what each proof picture shows, in the earner language, and how long a review may take', async () => {
    const two = await createTask(
      ctx.db,
      { kind: 'audit', proofPictures: 2, pictureLabels: ['Your review', 'The app page'], texts: { 'ur-PK': { title: 'ریویو', steps: ['اپ لوڈ'], pictures: ['آپ کا ریویو', 'ایپ کا پیج'] } } },
      ['proof'],
    );
    const english = (await detail(alice, two.id)).body.data;
    expect(english).toMatchObject({ proofPictures: 2, pictureLabels: ['Your review', 'The app page'], reviewMinutes: ctx.config.reviewDeadlineMinutes });
    const urdu = await call<TaskDetail>(ctx.app, { method: 'GET', url: `/app/task/detail?taskId=${two.id}`, token: alice.token, headers: { 'accept-language': 'ur-PK' } });
    expect(urdu.body.data?.pictureLabels).toEqual(['آپ کا ریویو', 'ایپ کا پیج']);
    // Labels that do not name every picture name none; a task without proof has no review to wait for.
    const partial = await createTask(ctx.db, { kind: 'audit', proofPictures: 2, pictureLabels: ['Only one'] }, ['proof']);
    expect((await detail(alice, partial.id)).body.data?.pictureLabels).toEqual([]);
    const open = await createTask(ctx.db, {}, ['open']);
    expect((await detail(alice, open.id)).body.data).toMatchObject({ pictureLabels: [], reviewMinutes: null });
  });

  it("hands every kind but a group its page to open, and a task that asks to post the earner's link that link beside its proof", async () => {
    const follow = await createTask(ctx.db, { kind: 'audit', targetUrl: 'https://example.com/page' }, ['open', 'proof']);
    expect((await detail(alice, follow.id)).body.data).toMatchObject({ targetUrl: 'https://example.com/page', inviteLink: null });
    // A group's link is handed out by tg-url only.
    const group = await createTask(ctx.db, { kind: 'joinGroup', targetUrl: 'https://t.me/+group' }, ['open', 'proof']);
    expect((await detail(alice, group.id)).body.data?.targetUrl).toBeNull();
    // The same link as the Team tab's, each earner their own.
    const status = await createTask(ctx.db, { kind: 'audit', showsInviteLink: true }, ['proof']);
    const team = await call<{ shareLink: string }>(ctx.app, { method: 'POST', url: '/app/user/shareInfo', token: alice.token, payload: {} });
    expect((await detail(alice, status.id)).body.data?.inviteLink).toBe(team.body.data?.shareLink);
    expect((await detail(alice, status.id)).body.data?.inviteLink).toMatch(new RegExp(`/register\\?shareCode=${alice.inviteCode}$`));
    expect((await detail(bob, status.id)).body.data?.inviteLink).toMatch(new RegExp(`/register\\?shareCode=${bob.inviteCode}$`));
    // Only beside a proof step: without one there is nothing to show it with.
    const noProof = await createTask(ctx.db, { kind: 'audit', showsInviteLink: true }, ['open']);
    expect((await detail(alice, noProof.id)).body.data?.inviteLink).toBeNull();
  });

  it('refuses a task above the earner level, naming both levels', async () => {
    const task = await createTask(ctx.db, { minLevel: 3 }, ['open']);
    const before = await countRows(ctx.db);
    const { body } = await lead(alice, { taskId: task.id });
    expect(body.code).toBe(ErrorCode.levelInsufficient);
    expect(body.msg).toContain('LV1');
    expect(body.msg).toContain('LV3');
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('runs a join-group task: group link, open step, then proof for review', async () => {
    const task = await createTask(ctx.db, { kind: 'joinGroup', targetUrl: 'https://t.me/+group' }, ['open', 'proof']);
    const url = await call<{ url: string }>(ctx.app, { method: 'GET', url: `/app/task/tg-url?taskId=${task.id}`, token: alice.token });
    expect(url.body.data).toEqual({ url: 'https://t.me/+group' });

    const started = await lead(alice, { taskId: task.id });
    expect(started.body.code).toBe(200);
    expect(started.body.data?.next?.id).toBe(task.stepIds[0]);
    expect(started.body.data?.run).toMatchObject({ status: 'inProgress', currentStepId: task.stepIds[0], share: null });
    // Starting again resumes the same run.
    expect((await lead(alice, { taskId: task.id })).body.data?.run.id).toBe(started.body.data?.run.id);

    const opened = await lead(alice, { taskId: task.id, stepId: task.stepIds[0] });
    expect(opened.body.data?.next).toMatchObject({ id: task.stepIds[1], action: 'proof', h5Url: '/auditTask' });
    // A retried call for a step behind the run changes nothing.
    const retried = await lead(alice, { taskId: task.id, stepId: task.stepIds[0] });
    expect(retried.body.data).toEqual(opened.body.data);

    const before = await countRows(ctx.db);
    const noPictures = await lead(alice, { taskId: task.id, stepId: task.stepIds[1] });
    expect(noPictures.body.code).toBe(ErrorCode.proofRequired);
    expect(noPictures.body.msg.length).toBeGreaterThan(0);
    const othersPicture = await lead(alice, { taskId: task.id, stepId: task.stepIds[1], pictures: [await upload(bob)] });
    expect(othersPicture.body.code).not.toBe(200);
    const afterRefusals = await countRows(ctx.db);
    expect({ ...afterRefusals, uploads: undefined }).toEqual({ ...before, uploads: undefined });

    const picture = await upload(alice);
    const sent = await lead(alice, { taskId: task.id, stepId: task.stepIds[1], pictures: [picture] });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data).toMatchObject({ next: null, run: { status: 'underReview', currentStepId: null } });
    expect((await listed(alice, task.id))?.status).toBe('underReview');
    expect((await collect(alice, task.id)).body.code).toBe(ErrorCode.nothingToCollect);

    const mine = await call<{ list: Submission[]; hasMore: boolean }>(ctx.app, { method: 'GET', url: `/app/task/audit-log?taskId=${task.id}`, token: alice.token });
    expect(mine.body.data?.list).toHaveLength(1);
    expect(mine.body.data?.list[0]).toMatchObject({ taskId: task.id, status: 'underReview', pictures: [picture], reward: 1_50 });
    // Another earner sees neither the submission nor the run.
    const theirs = await call<{ list: Submission[] }>(ctx.app, { method: 'GET', url: `/app/task/audit-log?taskId=${task.id}`, token: bob.token });
    expect(theirs.body.data?.list).toEqual([]);
    expect((await detail(bob, task.id)).body.data?.run).toBeNull();

    // A failed review sends the earner back to the proof step, and a re-upload goes to review again.
    await ctx.db.update(taskRuns).set({ status: 'failed', reason: 'Blurry' }).where(eq(taskRuns.id, sent.body.data?.run.id ?? 0));
    expect((await detail(alice, task.id)).body.data?.run).toMatchObject({ status: 'failed', reason: 'Blurry', currentStepId: task.stepIds[1] });
    expect((await lead(alice, { taskId: task.id })).body.data?.next?.id).toBe(task.stepIds[1]);
    const again = await lead(alice, { taskId: task.id, stepId: task.stepIds[1], pictures: [await upload(alice)] });
    expect(again.body.data?.run).toMatchObject({ id: sent.body.data?.run.id, status: 'underReview', reason: null });
  });

  it('runs a share task: visits counted once each, never the sharer, then collected once', async () => {
    const task = await createTask(ctx.db, { kind: 'share', visitsNeeded: 2, reward: 3_25 }, ['share']);
    const started = await lead(alice, { taskId: task.id });
    const share = started.body.data?.run.share;
    expect(share).toMatchObject({ visits: 0, visitsNeeded: 2 });
    expect(share?.linkId.length).toBeGreaterThanOrEqual(16);
    expect(share?.url).toContain(`/register?shareCode=${alice.inviteCode}&link_id=${share?.linkId}`);
    const linkId = share?.linkId ?? '';

    const early = await lead(alice, { taskId: task.id, stepId: task.stepIds[0] });
    expect(early.body.code).toBe(ErrorCode.stepNotReady);
    expect(early.body.msg).toBe('2 more visits through your link are needed');

    expect((await visit(linkId, 'a'.repeat(20), '10.0.0.1', alice)).body.data?.counted).toBe(false);
    // Without a token, from the address alice signed up from (127.0.0.1): still her own visit.
    expect((await visit(linkId, 'g'.repeat(20), '127.0.0.1')).body.data?.counted).toBe(false);
    // From a new address, but in the browser alice logged in with: her own visit too.
    const aliceDevice = 'alice-device-0001';
    await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '10.9.9.9', payload: { country: 'IN', phone: alice.phone, password: PASSWORD, deviceId: aliceDevice } });
    expect((await visit(linkId, aliceDevice, '10.0.0.99')).body.data?.counted).toBe(false);
    expect((await visit(linkId, 'h'.repeat(20), '10.9.9.9')).body.data?.counted).toBe(false);
    expect((await visit(linkId, 'b'.repeat(20), '10.0.0.2', bob)).body.data?.counted).toBe(true);
    expect((await visit(linkId, 'b'.repeat(20), '10.0.0.2', bob)).body.data?.counted).toBe(false);
    expect((await lead(alice, { taskId: task.id, stepId: task.stepIds[0] })).body.msg).toBe('1 more visit through your link is needed');
    // An invalid token is a stranger, not a 401.
    const stale = await call<{ counted: boolean }>(ctx.app, {
      method: 'POST',
      url: '/app/user/advertisement',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
      payload: { linkId, visitorId: 'c'.repeat(20) },
      remoteAddress: '10.0.0.3',
    });
    expect(stale.body.data?.counted).toBe(true);
    // The same device with cleared storage (a new browser id) does not count again.
    expect((await visit(linkId, 'd'.repeat(20), '10.0.0.3')).body.data?.counted).toBe(false);
    expect((await visit('unknownLink123', 'e'.repeat(20), '10.0.0.4')).body.data?.counted).toBe(false);
    expect((await detail(alice, task.id)).body.data?.run?.share?.visits).toBe(2);

    const done = await lead(alice, { taskId: task.id, stepId: task.stepIds[0] });
    expect(done.body.data).toMatchObject({ next: null, run: { status: 'passed', currentStepId: null } });
    expect((await listed(alice, task.id))?.status).toBe('passed');
    expect((await visit(linkId, 'f'.repeat(20), '10.0.0.5')).body.data?.counted).toBe(false);

    const before = await balanceOf(alice.userId);
    const first = await collect(alice, task.id);
    expect(first.body.data).toEqual({ reward: 3_25, balance: before + 3_25 });
    const second = await collect(alice, task.id);
    expect(second.body.data).toEqual(first.body.data);
    expect(await balanceOf(alice.userId)).toBe(before + 3_25);
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, alice.userId));
    expect(entries.filter((e) => e.reason === 'task_reward')).toHaveLength(1);
    expect(await listed(alice, task.id)).toMatchObject({ status: 'completed', progress: { done: 1, total: 1 } });
    const again = await lead(alice, { taskId: task.id });
    expect(again.body.code).toBe(ErrorCode.taskUnavailable);
    expect(again.body.msg).toBe('You have already completed this task');
  });

  it('pays a reward earned on a task switched off since, refuses new steps on it, and finds no task that does not exist', async () => {
    const task = await createTask(ctx.db, { reward: 2_75 }, ['open']);
    expect((await lead(alice, { taskId: task.id, stepId: task.stepIds[0] })).body.data?.run.status).toBe('passed');
    await ctx.db.update(tasks).set({ active: false }).where(eq(tasks.id, task.id));
    expect((await lead(alice, { taskId: task.id, stepId: task.stepIds[0] })).body.code).toBe(ErrorCode.notFound);
    const before = await balanceOf(alice.userId);
    const paid = await collect(alice, task.id);
    expect(paid.body.data).toEqual({ reward: 2_75, balance: before + 2_75 });
    // Collected again (an answer that was lost): the same credit, nothing moves.
    expect((await collect(alice, task.id)).body.data).toEqual({ reward: 2_75, balance: before + 2_75 });
    expect(await balanceOf(alice.userId)).toBe(before + 2_75);
    expect((await collect(bob, task.id)).body.code).toBe(ErrorCode.nothingToCollect);
    const missing = 2_000_000_000;
    expect((await collect(alice, missing)).body.code).toBe(ErrorCode.notFound);
    expect((await lead(alice, { taskId: missing })).body.code).toBe(ErrorCode.notFound);
  });

  it('refuses steps out of order and steps of another task', async () => {
    const task = await createTask(ctx.db, {}, ['open', 'open', 'open']);
    const other = await createTask(ctx.db, {}, ['open']);
    await lead(bob, { taskId: task.id });
    const before = await countRows(ctx.db);
    const ahead = await lead(bob, { taskId: task.id, stepId: task.stepIds[2] });
    expect(ahead.body.code).toBe(ErrorCode.stepNotReady);
    expect(ahead.body.msg).toBe('Please do the steps in order');
    expect((await lead(bob, { taskId: task.id, stepId: other.stepIds[0] })).body.code).toBe(ErrorCode.notFound);
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('never lets an earner act on another earner run', async () => {
    const task = await createTask(ctx.db, {}, ['open', 'open']);
    const aliceRun = (await lead(alice, { taskId: task.id })).body.data?.run;
    // Bob sending Alice's step moves Bob's own run, never Alice's.
    await lead(bob, { taskId: task.id, stepId: task.stepIds[0] });
    const [row] = await ctx.db.select().from(taskRuns).where(eq(taskRuns.id, aliceRun?.id ?? 0));
    expect(row).toMatchObject({ step: 0, status: 'inProgress', userId: alice.userId });
    expect((await detail(alice, task.id)).body.data?.run?.currentStepId).toBe(task.stepIds[0]);
    expect((await detail(bob, task.id)).body.data?.run?.currentStepId).toBe(task.stepIds[1]);
  });

  it('counts completions per period and resets a recurring task at its reset time, for that earner only', async () => {
    const resetAt = new Date(Date.now() + HOUR);
    const resetTime = resetAt.toISOString().slice(11, 16);
    const task = await createTask(ctx.db, { schedule: 'recurring', resetTime, timesPerPeriod: 2 }, ['open']);
    const earner = await registerEarner(ctx.app);
    for (let i = 1; i <= 2; i++) {
      await lead(earner, { taskId: task.id, stepId: task.stepIds[0] });
      expect((await collect(earner, task.id)).body.code).toBe(200);
      expect(await listed(earner, task.id)).toMatchObject({ progress: { done: i, total: 2 }, status: i === 2 ? 'completed' : 'notStarted' });
    }
    const nextReset = (await detail(earner, task.id)).body.data?.nextResetAt ?? '';
    expect(Math.abs(new Date(nextReset).getTime() - resetAt.getTime())).toBeLessThan(60_000 + 1);
    await setClock(earner, 2 * HOUR);
    expect(await listed(earner, task.id)).toMatchObject({ progress: { done: 0, total: 2 }, status: 'notStarted' });
    expect((await lead(earner, { taskId: task.id })).body.code).toBe(200);
    await setClock(earner, 0);
    expect((await listed(earner, task.id))?.status).toBe('completed');
  });

  it('closes a timed task at its end and hides it a day later, for that earner only', async () => {
    const task = await createTask(ctx.db, { schedule: 'timed', endsAt: new Date(Date.now() + 2 * HOUR - 60_000) }, ['open']);
    const earner = await registerEarner(ctx.app);
    expect(await listed(earner, task.id)).toMatchObject({ hoursLeft: 2, status: 'notStarted', closedReason: null });
    await setClock(earner, 3 * HOUR);
    expect(await listed(earner, task.id)).toMatchObject({ hoursLeft: 0, status: 'closed', closedReason: 'ended' });
    const refused = await lead(earner, { taskId: task.id });
    expect(refused.body).toMatchObject({ code: ErrorCode.taskUnavailable, msg: 'This task has ended' });
    expect((await listed(alice, task.id))?.status).toBe('notStarted');
    await setClock(earner, 27 * HOUR);
    expect(await listed(earner, task.id)).toBeUndefined();
    expect((await detail(earner, task.id)).body.code).toBe(ErrorCode.notFound);
  });

  it('shows a task that has not opened yet as closed', async () => {
    const task = await createTask(ctx.db, { startsAt: new Date(Date.now() + HOUR) }, ['open']);
    expect(await listed(alice, task.id)).toMatchObject({ status: 'closed', closedReason: 'notOpenYet' });
    expect((await lead(alice, { taskId: task.id })).body).toMatchObject({ code: ErrorCode.taskUnavailable, msg: 'This task is not open yet' });
  });

  it('takes a daily cap place at the start of a run', async () => {
    const task = await createTask(ctx.db, { dailyCap: 1 }, ['open']);
    expect((await lead(alice, { taskId: task.id })).body.code).toBe(200);
    expect(await listed(bob, task.id)).toMatchObject({ status: 'closed', closedReason: 'dailyCap' });
    expect((await listed(alice, task.id))?.status).toBe('inProgress');
    const before = await countRows(ctx.db);
    const refused = await lead(bob, { taskId: task.id });
    expect(refused.body.code).toBe(ErrorCode.taskUnavailable);
    expect(refused.body.msg).toContain("Today's places");
    expect(await countRows(ctx.db)).toEqual(before);
    // Alice resumes her run without another place.
    expect((await lead(alice, { taskId: task.id, stepId: task.stepIds[0] })).body.data?.run.status).toBe('passed');
  });

  it('refuses task kinds of later issues', async () => {
    const task = await createTask(ctx.db, { kind: 'hang', schedule: 'recurring', resetTime: '00:00' }, ['hang']);
    const { body } = await lead(alice, { taskId: task.id });
    expect(body).toMatchObject({ code: ErrorCode.taskUnavailable, msg: 'This task is not available yet' });
  });

  it('redeems a code once per earner, with a message for each refusal', async () => {
    const code = await createCode(ctx.db, { reward: 4_00, maxUses: 2 });
    const expired = await createCode(ctx.db, { expiresAt: new Date(Date.now() - 1000) });
    const earner = await registerEarner(ctx.app);
    const before = await balanceOf(earner.userId);
    const redeemed = await exchange(earner, `  ${code.toLowerCase()} `);
    expect(redeemed.body.data).toEqual({ reward: 4_00, balance: before + 4_00 });
    const rows = await countRows(ctx.db);
    expect((await exchange(earner, code)).body).toMatchObject({ code: ErrorCode.codeAlreadyRedeemed, msg: 'You have already redeemed this code' });
    expect((await exchange(earner, code, { 'accept-language': 'br-BR' })).body.msg).toBe('Ya canjeaste este código');
    expect((await exchange(earner, 'NOSUCHCODE')).body).toMatchObject({ code: ErrorCode.codeUnknown, msg: 'This code does not exist' });
    expect((await exchange(earner, 'NOSUCHCODE', { 'accept-language': 'hi-IN' })).body.msg).toBe('यह कोड मौजूद नहीं है');
    expect((await exchange(earner, expired)).body).toMatchObject({ code: ErrorCode.codeExpired, msg: 'This code has expired' });
    expect(await countRows(ctx.db)).toEqual(rows);
    expect((await exchange(alice, code)).body.code).toBe(200);
    expect((await exchange(bob, code)).body).toMatchObject({ code: ErrorCode.codeUsedUp, msg: 'This code has been used up' });
    expect(await balanceOf(earner.userId)).toBe(before + 4_00);
  });

  it("answers a repeated try of a code (its answer was lost) with the try's credit, and moves nothing", async () => {
    const code = await createCode(ctx.db, { reward: 3_00, maxUses: 5 });
    const earner = await registerEarner(ctx.app);
    const before = await balanceOf(earner.userId);
    const attempt = 'a'.repeat(32);
    const first = await exchange(earner, code, {}, attempt);
    expect(first.body.data).toEqual({ reward: 3_00, balance: before + 3_00 });
    const rows = await countRows(ctx.db);
    const repeated = await exchange(earner, ` ${code.toLowerCase()}`, {}, attempt);
    expect(repeated.body).toMatchObject({ code: 200, data: { reward: 3_00, balance: before + 3_00 } });
    expect(await countRows(ctx.db)).toEqual(rows);
    // A new try, or the same key from another earner, is not that repeat.
    expect((await exchange(earner, code, {}, 'b'.repeat(32))).body.code).toBe(ErrorCode.codeAlreadyRedeemed);
    expect((await exchange(earner, code)).body.code).toBe(ErrorCode.codeAlreadyRedeemed);
    expect((await exchange(alice, code, {}, attempt)).body).toMatchObject({ code: 200, data: { reward: 3_00 } });
    expect((await exchange(alice, code, {}, attempt)).body.code).toBe(200);
    expect((await ctx.db.select().from(redeemCodes).where(eq(redeemCodes.code, code)))[0]?.used).toBe(2);
    expect(await balanceOf(earner.userId)).toBe(before + 3_00);
    // Still that try's credit once the code has expired; a new try hears it was redeemed.
    await ctx.db.update(redeemCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(redeemCodes.code, code));
    expect((await exchange(earner, code, {}, attempt)).body).toMatchObject({ code: 200, data: { reward: 3_00 } });
    expect((await exchange(earner, code)).body.code).toBe(ErrorCode.codeAlreadyRedeemed);
    // A key that is not one is bad input.
    expect((await exchange(earner, code, {}, 'short')).body.code).toBe(ErrorCode.validation);
  });

  it('refuses bad input on every route without changing anything', async () => {
    const task = await createTask(ctx.db, {}, ['open']);
    await lead(alice, { taskId: task.id });
    const before = await countRows(ctx.db);
    const badIds = ['abc', '-1', '0', '1e12', '1.5', '', '999999'];
    const getRoutes = ['/app/task/detail', '/app/task/collect', '/app/task/tg-url'];
    for (const url of getRoutes) {
      for (const id of badIds) {
        const { status, body } = await call(ctx.app, { method: 'GET', url: `${url}?taskId=${encodeURIComponent(id)}`, token: alice.token });
        expect(body.code, `${url} ${id}`).not.toBe(200);
        expect(status).toBeLessThan(500);
        expect(body.msg.length).toBeGreaterThan(0);
      }
      expect((await call(ctx.app, { method: 'GET', url, token: alice.token })).body.code).toBe(ErrorCode.validation);
      expect((await call(ctx.app, { method: 'GET', url: `${url}?taskId=${task.id}` })).status).toBe(401);
    }
    // A join-group link is only handed out for join-group tasks.
    expect((await call(ctx.app, { method: 'GET', url: `/app/task/tg-url?taskId=${task.id}`, token: alice.token })).body.code).toBe(ErrorCode.notFound);
    const badBodies: unknown[] = [
      {},
      { taskId: 'abc' },
      { taskId: '1' },
      { taskId: -1 },
      { taskId: 0 },
      { taskId: 1e12 },
      { taskId: 1.5 },
      { taskId: 999999 },
      { taskId: task.id, stepId: 'x' },
      { taskId: task.id, stepId: 999999 },
      { taskId: task.id, stepId: task.stepIds[0], pictures: 'nope' },
      { taskId: task.id, stepId: task.stepIds[0], pictures: ['../../etc/passwd'] },
      [],
      'text',
    ];
    for (const payload of badBodies) {
      const { status, body } = await call(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: alice.token, payload: payload as object });
      expect(body.code, JSON.stringify(payload)).not.toBe(200);
      expect(status).toBeLessThan(500);
      expect(body.msg.length).toBeGreaterThan(0);
    }
    for (const url of ['/app/task/exchange', '/app/task/exchange?code=', `/app/task/exchange?code=${'A'.repeat(40)}`, '/app/task/audit-log?page=0', '/app/task/audit-log?taskId=abc']) {
      const { status, body } = await call(ctx.app, { method: 'GET', url, token: alice.token });
      expect(body.code, url).not.toBe(200);
      expect(status).toBeLessThan(500);
    }
    for (const payload of [{}, { linkId: 'short', visitorId: 'v'.repeat(20) }, { linkId: 'ok-link-123', visitorId: 'short' }, { linkId: "x' or 1=1", visitorId: 'v'.repeat(20) }]) {
      const { status, body } = await call(ctx.app, { method: 'POST', url: '/app/user/advertisement', payload });
      expect(body.code, JSON.stringify(payload)).toBe(ErrorCode.validation);
      expect(status).toBe(400);
    }
    expect((await call(ctx.app, { method: 'POST', url: '/test/clock', token: alice.token, payload: { offsetMs: 'soon' } })).body.code).toBe(ErrorCode.validation);
    expect((await call(ctx.app, { method: 'POST', url: '/test/clock', payload: { offsetMs: 0 } })).status).toBe(401);
    expect(await countRows(ctx.db)).toEqual(before);
  });
});

describe('test hooks', () => {
  it('are not routes unless configured', async () => {
    const ctx = await createTestContext('pglite');
    try {
      const earner = await registerEarner(ctx.app);
      expect((await call(ctx.app, { method: 'POST', url: '/test/clock', token: earner.token, payload: { offsetMs: 1 } })).status).toBe(404);
    } finally {
    }
  });
});
