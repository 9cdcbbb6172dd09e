import { randomBytes } from 'node:crypto';
import type { AdminTask, EarnerProfile, OperatorAction, ReviewClaim, WithdrawOrder } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { call, countRows, engines, type Registered, registerEarner, testConfig, useTestContext } from './helper';
import { auditRun, makeReviewer, submit, uploadPicture } from './reviews-fixtures';

type Role = 'admin' | 'reviewer' | 'payout' | 'earner' | 'none';
const ROLES: Role[] = ['admin', 'reviewer', 'payout', 'earner', 'none'];

const TASK: Record<string, unknown> = {
  kind: 'audit',
  schedule: 'once',
  title: 'Follow our page',
  description: 'Follow the page and upload a screenshot',
  reward: 150_00,
  minLevel: 1,
  dailyCap: null,
  position: 5,
  resetTime: null,
  endsAt: null,
  proofPictures: 1,
  targetUrl: null,
  steps: [{ title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' }],
  texts: { 'hi-IN': { title: 'हमारा पेज फ़ॉलो करें', description: 'पेज फ़ॉलो करें और स्क्रीनशॉट अपलोड करें' } },
};

/** Every console call, the roles that may make it, and an input that passes validation. */
const ROUTES: { method: 'GET' | 'POST'; url: string; payload?: object; roles: Role[] }[] = [
  { method: 'GET', url: '/admin/me', roles: ['admin', 'reviewer', 'payout'] },
  { method: 'GET', url: '/admin/audit/list', roles: ['admin'] },
  { method: 'GET', url: '/admin/review/list', roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/claim', payload: {}, roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/pass', payload: { submissionId: 2_000_000_000 }, roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/fail', payload: { submissionId: 2_000_000_000, reason: 'Blurry' }, roles: ['admin', 'reviewer'] },
  { method: 'GET', url: '/admin/team/signup-flags', roles: ['admin', 'reviewer'] },
  { method: 'GET', url: '/admin/earners/search?q=ROOT01', roles: ['admin'] },
  { method: 'GET', url: '/admin/earners/ledger?earnerId=2000000000', roles: ['admin'] },
  { method: 'POST', url: '/admin/earners/freeze', payload: { earnerId: 2_000_000_000, reason: 'Shared device' }, roles: ['admin'] },
  { method: 'POST', url: '/admin/earners/unfreeze', payload: { earnerId: 2_000_000_000, reason: 'Checked' }, roles: ['admin'] },
  { method: 'GET', url: '/admin/tasks/list', roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/create', payload: TASK, roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/active', payload: { taskId: 2_000_000_000, active: false }, roles: ['admin'] },
  { method: 'GET', url: '/admin/payout/list', roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/approve', payload: { orderId: 2_000_000_000 }, roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/retry', payload: { orderId: 2_000_000_000 }, roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/fail', payload: { orderId: 2_000_000_000, reason: 'Wrong account' }, roles: ['admin', 'payout'] },
  { method: 'GET', url: '/admin/payout/callbacks?orderId=2000000000', roles: ['admin', 'payout'] },
  { method: 'GET', url: '/admin/payout/daily-totals', roles: ['admin', 'payout'] },
];

describe.each(engines)('the operator console API (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '0' }));
  const people = {} as Record<Exclude<Role, 'none'>, Registered>;
  let secondReviewer: Registered;

  beforeAll(async () => {
    for (const role of ['admin', 'reviewer', 'payout', 'earner'] as const) {
      people[role] = await registerEarner(ctx.app);
      if (role !== 'earner') await makeReviewer(ctx.db, people[role].userId, role as 'admin');
    }
    secondReviewer = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, secondReviewer.userId);
  });

  const tokenOf = (role: Role) => (role === 'none' ? undefined : people[role].token);
  const post = <T>(url: string, token: string | undefined, payload: object, language = 'en-US') =>
    call<T>(ctx.app, { method: 'POST', url, token, payload, headers: { 'accept-language': language } });
  const get = <T>(url: string, token: string | undefined) => call<T>(ctx.app, { method: 'GET', url, token });
  const audit = async (query = '') => (await get<{ list: OperatorAction[] }>(`/admin/audit/list${query}`, people.admin.token)).body.data?.list ?? [];

  async function pendingSubmission() {
    const earner = await registerEarner(ctx.app);
    const run = await auditRun(ctx.db, earner.userId);
    const picture = await uploadPicture(ctx.app, earner.token);
    const submissionId = await submit(ctx.db, earner.userId, run, { pictures: [picture] });
    return { earner, submissionId };
  }

  it.each(ROUTES)('$method $url answers its roles and refuses every other with 403 (no token: 401)', async (route) => {
    for (const role of ROLES) {
      const { status, body } = await call(ctx.app, { method: route.method, url: route.url, token: tokenOf(role), ...(route.payload ? { payload: route.payload } : {}) });
      if (role === 'none') expect([status, body.code], role).toEqual([401, 401]);
      else if (route.roles.includes(role)) {
        expect([401, 403], `${role} ${JSON.stringify(body)}`).not.toContain(status);
        // An allowed role's valid call is answered (ids of nothing are 404), never a server error.
        expect(status, `${role} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (route.method === 'GET' && !route.url.includes('2000000000')) expect(status, `${role} ${JSON.stringify(body)}`).toBe(200);
      }
      else expect([status, body.code], role).toEqual([403, 403]);
    }
  });

  it("refuses an earner in the earner's language", async () => {
    const { body } = await call(ctx.app, { method: 'GET', url: '/admin/me', token: people.earner.token, headers: { 'accept-language': 'ur-PK' } });
    expect(body.msg).toBe('یہ صرف درست کردار والے آپریٹر کر سکتے ہیں');
  });

  it('tells the console who is signed in', async () => {
    const { body } = await get<{ role: string; userId: number }>('/admin/me', people.payout.token);
    expect(body.data).toMatchObject({ role: 'payout', userId: people.payout.userId });
  });

  describe('tasks', () => {
    it('creates a task with translations, shows it to earners, pauses it, and logs both', async () => {
      const created = await post<AdminTask>('/admin/tasks/create', people.admin.token, TASK);
      expect(created.body.code).toBe(200);
      const task = created.body.data!;
      expect(task.texts['hi-IN']?.title).toBe('हमारा पेज फ़ॉलो करें');
      const seen = async (language: string) => {
        const list = await call<{ id: number; title: string }[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: people.earner.token, headers: { 'accept-language': language } });
        return list.body.data?.find((t) => t.id === task.id);
      };
      expect((await seen('hi-IN'))?.title).toBe('हमारा पेज फ़ॉलो करें');
      expect((await seen('en-US'))?.title).toBe('Follow our page');
      const paused = await post<AdminTask>('/admin/tasks/active', people.admin.token, { taskId: task.id, active: false });
      expect(paused.body.data?.active).toBe(false);
      expect(await seen('en-US')).toBeUndefined();
      const log = await audit(`?targetType=task&targetId=${task.id}`);
      expect(log.map((a) => a.action)).toEqual(['task.pause', 'task.create']);
      expect(log[0]).toMatchObject({ operatorId: people.admin.userId, operatorRole: 'admin', before: { active: true }, after: { active: false } });
    });

    it('refuses bad task input with a clear message and stores nothing', async () => {
      const before = await countRows(ctx.db);
      const bad: Record<string, unknown>[] = [
        { title: '' },
        { title: 'x'.repeat(81) },
        { reward: -1 },
        { reward: 1.5 },
        { reward: '100' },
        { minLevel: 12 },
        { minLevel: 0 },
        { dailyCap: 0 },
        { kind: 'lottery' },
        { schedule: 'weekly' },
        { schedule: 'recurring', resetTime: null },
        { schedule: 'recurring', resetTime: '25:00' },
        { schedule: 'timed', endsAt: null },
        { schedule: 'timed', endsAt: 'tomorrow' },
        { steps: [] },
        { steps: [{ title: 'a', action: 'dance', h5Url: '/x' }] },
        { proofPictures: 3 },
        { texts: { 'xx-XX': { title: 'a', description: 'b' } } },
        { texts: { 'ur-PK': { title: 'x'.repeat(81), description: '' } } },
      ];
      for (const change of bad) {
        const { status, body } = await post('/admin/tasks/create', people.admin.token, { ...TASK, ...change }, 'ur-PK');
        expect([status, body.code], JSON.stringify(change)).toEqual([400, 400]);
        expect(body.msg.length).toBeGreaterThan(0);
      }
      const missing = await post('/admin/tasks/create', people.admin.token, { title: 'Only a title' });
      expect(missing.status).toBe(400);
      expect(await countRows(ctx.db)).toEqual(before);
    });
  });

  describe('the review queue', () => {
    it('hands two reviewers two different submissions, and keeps a claimed one from the other', async () => {
      const a = await pendingSubmission();
      const b = await pendingSubmission();
      const first = (await post<ReviewClaim>('/admin/review/claim', people.reviewer.token, {})).body.data!;
      const second = (await post<ReviewClaim>('/admin/review/claim', secondReviewer.token, {})).body.data!;
      expect(first.item.id).not.toBe(second.item.id);
      expect(new Date(first.claimedUntil).getTime()).toBeGreaterThan(Date.now());
      // Asking again gives the reviewer the same one back, not a third.
      expect((await post<ReviewClaim>('/admin/review/claim', people.reviewer.token, {})).body.data?.item.id).toBe(first.item.id);
      const stolen = await post('/admin/review/pass', secondReviewer.token, { submissionId: first.item.id });
      expect([stolen.status, stolen.body.code, stolen.body.msg]).toEqual([409, 409, 'Another reviewer is deciding this submission right now']);
      const taken = await post('/admin/review/claim', secondReviewer.token, { submissionId: first.item.id });
      expect(taken.body.code).toBe(409);
      const failed = await post<{ status: string }>('/admin/review/fail', people.reviewer.token, { submissionId: first.item.id, reason: 'The screenshot is cut off' });
      expect(failed.body.data?.status).toBe('failed');
      expect(await post('/admin/review/pass', secondReviewer.token, { submissionId: second.item.id })).toMatchObject({ status: 200 });
      const log = await audit(`?targetType=submission&targetId=${first.item.id}`);
      expect(log[0]).toMatchObject({ action: 'review.fail', operatorId: people.reviewer.userId, before: { status: 'underReview' }, after: { status: 'failed' }, note: 'The screenshot is cut off' });
      expect([a.submissionId, b.submissionId]).toEqual(expect.arrayContaining([first.item.id, second.item.id]));
    });

    it("shows the earner's history and refuses their own submission or an unknown one", async () => {
      const { earner, submissionId } = await pendingSubmission();
      await makeReviewer(ctx.db, earner.userId);
      const other = await pendingSubmission();
      const claim = await post<ReviewClaim>('/admin/review/claim', people.admin.token, { submissionId: other.submissionId });
      expect(claim.body.data?.history).toEqual([]);
      expect(claim.body.data?.item.pictures).toHaveLength(1);
      const own = await post('/admin/review/claim', earner.token, { submissionId });
      expect([own.status, own.body.code]).toEqual([403, 403]);
      const unknown = await post('/admin/review/claim', people.admin.token, { submissionId: 2_000_000_000 });
      expect([unknown.status, unknown.body.code]).toEqual([404, 404]);
      for (const bad of [{ submissionId: 0 }, { submissionId: -1 }, { submissionId: 'x' }, { submissionId: 1.5 }]) {
        expect((await post('/admin/review/claim', people.admin.token, bad)).status).toBe(400);
      }
      await post('/admin/review/pass', people.admin.token, { submissionId: other.submissionId });
    });
  });

  describe('earners', () => {
    it('finds an earner by phone or code, freezes them (no withdrawal, the reason shown), and unfreezes', async () => {
      const earner = await registerEarner(ctx.app);
      const byCode = await get<{ list: EarnerProfile[] }>(`/admin/earners/search?q=${earner.inviteCode}`, people.admin.token);
      expect(byCode.body.data?.list.map((e) => e.id)).toEqual([earner.userId]);
      const byPhone = await get<{ list: EarnerProfile[] }>(`/admin/earners/search?q=${earner.phone}`, people.admin.token);
      expect(byPhone.body.data?.list.map((e) => e.id)).toEqual([earner.userId]);
      const frozen = await post<EarnerProfile>('/admin/earners/freeze', people.admin.token, { earnerId: earner.userId, reason: 'Same device as 40 accounts' });
      expect(frozen.body.data?.frozen?.reason).toBe('Same device as 40 accounts');
      // Still signed in: their own calls work.
      expect((await post('/app/user/info', earner.token, {})).body.code).toBe(200);
      await postAlone(ctx.db, { userId: earner.userId, amount: 500_00, reason: LedgerReason.taskReward, idempotencyKey: `admin-test:${earner.userId}` });
      const before = await countRows(ctx.db);
      const refused = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: 100, recipientId: 1, idempotencyKey: randomBytes(12).toString('hex') });
      expect([refused.status, refused.body.code]).toEqual([403, 403]);
      expect(refused.body.msg).toContain('Same device as 40 accounts');
      expect(await countRows(ctx.db)).toEqual(before);
      const thawed = await post<EarnerProfile>('/admin/earners/unfreeze', people.admin.token, { earnerId: earner.userId, reason: 'Checked: a family phone' });
      expect(thawed.body.data?.frozen).toBeNull();
      const log = await audit(`?targetType=earner&targetId=${earner.userId}`);
      expect(log.map((a) => a.action)).toEqual(['earner.unfreeze', 'earner.freeze']);
      const ledger = await get<{ list: { amount: number }[] }>(`/admin/earners/ledger?earnerId=${earner.userId}`, people.admin.token);
      expect(ledger.body.data?.list[0]?.amount).toBe(500_00);
    });

    it('refuses bad freeze input and unknown or operator ids, changing nothing', async () => {
      const before = await countRows(ctx.db);
      for (const bad of [{ earnerId: people.earner.userId, reason: '' }, { earnerId: people.earner.userId, reason: 'x'.repeat(301) }, { earnerId: 0, reason: 'Fraud' }, { reason: 'Fraud' }]) {
        expect((await post('/admin/earners/freeze', people.admin.token, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect((await post('/admin/earners/freeze', people.admin.token, { earnerId: 2_000_000_000, reason: 'Fraud' })).status).toBe(404);
      expect((await post('/admin/earners/freeze', people.admin.token, { earnerId: people.payout.userId, reason: 'Fraud' })).status).toBe(404);
      for (const q of ['', 'ab', 'x'.repeat(21)]) expect((await get(`/admin/earners/search?q=${q}`, people.admin.token)).status).toBe(400);
      expect(await countRows(ctx.db)).toEqual(before);
    });
  });

  it('keeps the audit log append-only', async () => {
    await expect(ctx.db.execute(sql`update operator_actions set note = 'rewritten'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from operator_actions`)).rejects.toThrow();
    expect((await audit()).length).toBeGreaterThan(0);
    for (const bad of ['?operatorId=0', '?operatorId=x', `?action=${'x'.repeat(61)}`, '?page=0']) expect((await get(`/admin/audit/list${bad}`, people.admin.token)).status, bad).toBe(400);
  });

  it.runIf(engine === 'postgres')('never hands one submission to two reviewers claiming at once', async () => {
    const reviewers = [people.reviewer, secondReviewer];
    for (let i = 0; i < 4; i += 1) {
      const r = await registerEarner(ctx.app);
      await makeReviewer(ctx.db, r.userId);
      reviewers.push(r);
    }
    for (let i = 0; i < 4; i += 1) await pendingSubmission();
    const claims = await Promise.all(reviewers.map((r) => post<ReviewClaim>('/admin/review/claim', r.token, {})));
    const ids = claims.map((c) => c.body.data?.item.id).filter((id): id is number => id !== undefined);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
