import { randomBytes } from 'node:crypto';
import type { AdminTask, CodeBatch, ConsoleWaiting, EarnerLedgerLine, EarnerProfile, OperatorAction, Recipient, ReviewClaim, WithdrawOrder } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, checkLedger, LedgerReason, PAYOUTS_IN_FLIGHT, postAlone, transfer } from '../src/modules/ledger/ledger.service';
import { call, countRows, engines, orderSettled, type Registered, registerEarner, testConfig, useTestContext } from './helper';
import { CONSOLE_ROLES, type ConsolePeople, type ConsoleRole, makeConsolePeople } from './console-fixtures';
import { auditRun, makeReviewer, submit, uploadPicture } from './reviews-fixtures';

type Role = ConsoleRole;
const ROLES = CONSOLE_ROLES;

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

const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();

/** Every console call, the roles that may make it, and an input that passes validation. */
const ROUTES: { method: 'GET' | 'POST'; url: string; payload?: object; roles: Role[] }[] = [
  { method: 'GET', url: '/admin/me', roles: ['admin', 'reviewer', 'payout'] },
  { method: 'GET', url: '/admin/waiting', roles: ['admin', 'reviewer', 'payout'] },
  { method: 'GET', url: '/admin/audit/list', roles: ['admin'] },
  { method: 'GET', url: '/admin/review/list', roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/claim', payload: {}, roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/release', payload: { submissionId: 2_000_000_000 }, roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/pass', payload: { submissionId: 2_000_000_000 }, roles: ['admin', 'reviewer'] },
  { method: 'POST', url: '/admin/review/fail', payload: { submissionId: 2_000_000_000, reason: 'Blurry' }, roles: ['admin', 'reviewer'] },
  { method: 'GET', url: '/admin/team/signup-flags', roles: ['admin', 'reviewer'] },
  { method: 'GET', url: '/admin/earners/search?q=ROOT01', roles: ['admin'] },
  { method: 'GET', url: '/admin/earners/ledger?earnerId=2000000000', roles: ['admin'] },
  { method: 'POST', url: '/admin/earners/freeze', payload: { earnerId: 2_000_000_000, reason: 'Shared device' }, roles: ['admin'] },
  { method: 'POST', url: '/admin/earners/unfreeze', payload: { earnerId: 2_000_000_000, reason: 'Checked' }, roles: ['admin'] },
  { method: 'POST', url: '/admin/earners/reverse', payload: { earnerId: 2_000_000_000, entryId: 2_000_000_000, reason: 'Paid twice' }, roles: ['admin'] },
  { method: 'GET', url: '/admin/tasks/list', roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/create', payload: TASK, roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/active', payload: { taskId: 2_000_000_000, active: false }, roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/update', payload: { ...TASK, taskId: 2_000_000_000 }, roles: ['admin'] },
  { method: 'POST', url: '/admin/tasks/archive', payload: { taskId: 2_000_000_000 }, roles: ['admin'] },
  { method: 'POST', url: '/admin/codes/create', payload: { reward: 5_00, count: 2, maxUses: 3, expiresAt: IN_A_MONTH, note: '' }, roles: ['admin'] },
  { method: 'GET', url: '/admin/codes/batches', roles: ['admin'] },
  { method: 'GET', url: '/admin/codes/batch?batchId=2000000000', roles: ['admin'] },
  { method: 'GET', url: '/admin/payout/list', roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/approve', payload: { orderId: 2_000_000_000 }, roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/retry', payload: { orderId: 2_000_000_000 }, roles: ['admin', 'payout'] },
  { method: 'POST', url: '/admin/payout/fail', payload: { orderId: 2_000_000_000, reason: 'Wrong account' }, roles: ['admin', 'payout'] },
  { method: 'GET', url: '/admin/payout/callbacks?orderId=2000000000', roles: ['admin', 'payout'] },
  { method: 'GET', url: '/admin/payout/daily-totals', roles: ['admin', 'payout'] },
];

describe.each(engines)('the operator console API (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '0' }));
  const people = {} as ConsolePeople;
  let secondReviewer: Registered;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
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

  it.each(ROUTES)('$method $url says who may call it before it reads what was sent: bad input gets 401 or 403 too', async (route) => {
    const bad = route.method === 'POST' ? { payload: { junk: true } } : {};
    const url = route.method === 'GET' ? `${route.url.split('?')[0]}?page=-1&earnerId=x&batchId=x&orderId=x&q=` : route.url;
    for (const role of ROLES.filter((r) => r === 'none' || !route.roles.includes(r))) {
      const { status, body } = await call(ctx.app, { method: route.method, url, token: tokenOf(role), ...bad });
      expect([status, body.code], role).toEqual(role === 'none' ? [401, 401] : [403, 403]);
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
        // A year ISO-8601 writes and PostgreSQL has no date for.
        { schedule: 'timed', endsAt: '0000-01-01T00:00:00Z' },
        { steps: [] },
        { steps: [{ title: 'a', action: 'dance', h5Url: '/x' }] },
        // A link the earner's browser would run or show as the app's own page, or leave the app for plain http.
        { targetUrl: 'javascript:alert(document.domain)//' },
        { targetUrl: 'http://example.com/join' },
        { targetUrl: 'data:text/html,<h1>Grab</h1>' },
        { steps: [{ title: 'a', action: 'open', h5Url: 'javascript:alert(2)' }] },
        { steps: [{ title: 'a', action: 'open', h5Url: '//evil.example/page' }] },
        { proofPictures: 3 },
        { texts: { 'xx-XX': { title: 'a', description: 'b' } } },
        { texts: { 'ur-PK': { title: 'x'.repeat(81), description: '' } } },
        { proofPictures: 2, pictureLabels: ['Your review'] },
        { proofPictures: 1, pictureLabels: ['Your review', 'The app page'] },
        { proofPictures: 2, pictureLabels: ['Your review', ''] },
        { proofPictures: 2, pictureLabels: ['Your review', 'x'.repeat(61)] },
        { proofPictures: 2, pictureLabels: ['a', 'b', 'c'] },
        { proofPictures: 2, pictureLabels: ['Your review', 'The app page'], texts: { 'ur-PK': { title: 'a', description: 'b', pictures: ['x'.repeat(61), 'b'] } } },
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

  describe('task edits and archive', () => {
    const seen = async (taskId: number, language = 'en-US') => {
      const list = await call<{ id: number; title: string; reward: number }[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: people.earner.token, headers: { 'accept-language': language } });
      return list.body.data?.find((t) => t.id === taskId);
    };
    const created = async () => (await post<AdminTask>('/admin/tasks/create', people.admin.token, TASK)).body.data!;

    it('edits every field but the kind, shows the change to earners at once, and logs before and after', async () => {
      const task = await created();
      const edit = {
        ...TASK,
        taskId: task.id,
        title: 'Follow our new page',
        reward: 175_00,
        schedule: 'recurring',
        resetTime: '04:30',
        minLevel: 1,
        dailyCap: 40,
        position: 2,
        showsInviteLink: true,
        steps: [
          { title: 'Open the page', action: 'open', h5Url: '/taskDetail' },
          { title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' },
        ],
        texts: { 'ur-PK': { title: 'ہمارا نیا صفحہ فالو کریں', description: 'صفحہ فالو کریں اور اسکرین شاٹ اپ لوڈ کریں' } },
      };
      const updated = await post<AdminTask>('/admin/tasks/update', people.admin.token, edit);
      expect(updated.body.code).toBe(200);
      expect(task.showsInviteLink).toBe(false);
      expect(updated.body.data).toMatchObject({ id: task.id, title: 'Follow our new page', reward: 175_00, schedule: 'recurring', resetTime: '04:30', dailyCap: 40, position: 2, showsInviteLink: true });
      const shown = await call<{ inviteLink: string | null }>(ctx.app, { method: 'GET', url: `/app/task/detail?taskId=${task.id}`, token: people.earner.token });
      expect(shown.body.data?.inviteLink).toContain('/register?shareCode=');
      expect(updated.body.data?.steps.map((st) => st.title)).toEqual(['Open the page', 'Upload the screenshot']);
      // Hindi was left out of the edit: it is gone, and earners of Hindi read English.
      expect(Object.keys(updated.body.data?.texts ?? {})).toEqual(['ur-PK']);
      expect((await seen(task.id, 'ur-PK'))?.title).toBe('ہمارا نیا صفحہ فالو کریں');
      expect(await seen(task.id, 'hi-IN')).toMatchObject({ title: 'Follow our new page', reward: 175_00 });
      const [logged] = await audit(`?action=task.update&targetId=${task.id}`);
      expect(logged).toMatchObject({ operatorId: people.admin.userId, before: { title: 'Follow our page', reward: 150_00 }, after: { title: 'Follow our new page', reward: 175_00 } });
      // Fewer steps again: the ones past the end go.
      const shorter = await post<AdminTask>('/admin/tasks/update', people.admin.token, { ...edit, steps: [edit.steps[1]] });
      expect(shorter.body.data?.steps).toEqual([{ title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' }]);
    });

    it('names both pictures of a two-picture task, translated where given and English elsewhere, and drops the names with the second picture', async () => {
      const task = await created();
      const labelsOf = async (language: string) =>
        (await call<{ pictureLabels: string[] }>(ctx.app, { method: 'GET', url: `/app/task/detail?taskId=${task.id}`, token: people.earner.token, headers: { 'accept-language': language } })).body.data?.pictureLabels;
      const named = {
        ...TASK,
        taskId: task.id,
        proofPictures: 2,
        pictureLabels: ['Your review', 'The app page'],
        texts: { 'ur-PK': { title: 'ہمارا صفحہ', description: 'اسکرین شاٹ اپ لوڈ کریں', pictures: ['آپ کا جائزہ', ''] }, 'hi-IN': { title: '', description: '', pictures: ['', ''] } },
      };
      const updated = await post<AdminTask>('/admin/tasks/update', people.admin.token, named);
      expect(updated.body.data).toMatchObject({ proofPictures: 2, pictureLabels: ['Your review', 'The app page'], texts: { 'ur-PK': { pictures: ['آپ کا جائزہ', ''] } } });
      // A language with nothing written is not stored at all.
      expect(updated.body.data?.texts['hi-IN']).toBeUndefined();
      expect(await labelsOf('ur-PK')).toEqual(['آپ کا جائزہ', 'The app page']);
      expect(await labelsOf('hi-IN')).toEqual(['Your review', 'The app page']);
      expect((await audit(`?action=task.update&targetId=${task.id}`))[0]).toMatchObject({ before: { pictureLabels: [] }, after: { pictureLabels: ['Your review', 'The app page'] } });
      // Back to one picture without names: the translations of the names go too.
      const unnamed = await post<AdminTask>('/admin/tasks/update', people.admin.token, { ...named, proofPictures: 1, pictureLabels: [] });
      expect(unnamed.body.data).toMatchObject({ proofPictures: 1, pictureLabels: [] });
      expect(unnamed.body.data?.texts['ur-PK']?.pictures).toBeUndefined();
      expect(await labelsOf('ur-PK')).toEqual([]);
    });

    it('refuses a kind change, bad input and an unknown task, changing nothing', async () => {
      const task = await created();
      const rows = await countRows(ctx.db);
      const kind = await post('/admin/tasks/update', people.admin.token, { ...TASK, taskId: task.id, kind: 'share' });
      expect([kind.status, kind.body.code, kind.body.msg]).toEqual([400, 400, "A task's kind cannot change. Create a new task instead"]);
      const bad: Record<string, unknown>[] = [
        { title: '' },
        { reward: -5 },
        { reward: 2.5 },
        { minLevel: 12 },
        { schedule: 'recurring', resetTime: null },
        { schedule: 'timed', endsAt: null },
        { steps: [] },
        { steps: Array.from({ length: 6 }, () => ({ title: 'a', action: 'open', h5Url: '/x' })) },
        { texts: { 'ur-PK': { title: 'x'.repeat(81), description: '' } } },
        { taskId: 0 },
        { taskId: 'x' },
      ];
      for (const change of bad) {
        const { status, body } = await post('/admin/tasks/update', people.admin.token, { ...TASK, taskId: task.id, ...change }, 'ur-PK');
        expect([status, body.code], JSON.stringify(change)).toEqual([400, 400]);
      }
      expect((await post('/admin/tasks/update', people.admin.token, { ...TASK, taskId: 2_000_000_000 })).status).toBe(404);
      expect(await countRows(ctx.db)).toEqual(rows);
      expect((await get<{ list: AdminTask[] }>('/admin/tasks/list', people.admin.token)).body.data?.list.find((t) => t.id === task.id)?.title).toBe('Follow our page');
    });

    it('archives a task for good: gone from the hall, never resumed or edited again', async () => {
      const task = await created();
      expect(await seen(task.id)).toBeDefined();
      const archived = await post<AdminTask>('/admin/tasks/archive', people.admin.token, { taskId: task.id });
      expect(archived.body.data).toMatchObject({ active: false, archivedAt: expect.any(String) });
      expect(await seen(task.id)).toBeUndefined();
      const rows = await countRows(ctx.db);
      for (const [url, payload] of [
        ['/admin/tasks/active', { taskId: task.id, active: true }],
        ['/admin/tasks/update', { ...TASK, taskId: task.id }],
        ['/admin/tasks/archive', { taskId: task.id }],
      ] as const) {
        const { status, body } = await post(url, people.admin.token, payload);
        expect([status, body.code, body.msg], url).toEqual([409, 409, 'This task is archived and can no longer be changed']);
      }
      expect(await countRows(ctx.db)).toEqual(rows);
      const [logged] = await audit(`?targetType=task&targetId=${task.id}`);
      expect(logged).toMatchObject({ action: 'task.archive', before: { active: true, archivedAt: null }, after: { active: false } });
      const list = (await get<{ list: AdminTask[]; hasMore: boolean }>('/admin/tasks/list', people.admin.token)).body.data!;
      // Archived tasks come after the rest.
      if (!list.hasMore) expect(list.list.at(-1)?.archivedAt).not.toBeNull();
    });

    it('edits a code task, the one kind without steps', async () => {
      const list = (await get<{ list: AdminTask[] }>('/admin/tasks/list', people.admin.token)).body.data!.list;
      const code = list.find((t) => t.kind === 'redeemCode' && !t.archivedAt);
      expect(code).toBeDefined();
      const edit = { ...TASK, kind: 'redeemCode', taskId: code!.id, title: 'Redeem a gift code', steps: [], texts: {}, reward: code!.reward };
      const updated = await post<AdminTask>('/admin/tasks/update', people.admin.token, edit);
      expect([updated.status, updated.body.data?.steps]).toEqual([200, []]);
      expect(updated.body.data?.title).toBe('Redeem a gift code');
    });
  });

  describe('redemption codes', () => {
    it('makes a batch, and shows its codes and who redeemed them', async () => {
      const made = await post<{ batch: CodeBatch; codes: { code: string; used: number; maxUses: number }[] }>('/admin/codes/create', people.admin.token, {
        reward: 7_00,
        count: 3,
        maxUses: 2,
        expiresAt: IN_A_MONTH,
        note: 'Poster in the market',
      });
      expect(made.body.code).toBe(200);
      const { batch, codes } = made.body.data!;
      expect(batch).toMatchObject({ reward: 7_00, count: 3, maxUses: 2, note: 'Poster in the market', createdBy: people.admin.userId, redeemed: 0 });
      expect(codes).toHaveLength(3);
      expect(new Set(codes.map((c) => c.code)).size).toBe(3);
      for (const c of codes) expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      const redeemed = await call<{ reward: number }>(ctx.app, { method: 'GET', url: `/app/task/exchange?code=${codes[0]!.code.toLowerCase()}`, token: people.earner.token });
      expect(redeemed.body.data?.reward).toBe(7_00);
      const view = await get<{ batch: CodeBatch; codes: { code: string; used: number }[]; redemptions: { code: string; earnerId: number; reward: number }[] }>(`/admin/codes/batch?batchId=${batch.id}`, people.admin.token);
      expect(view.body.data?.batch.redeemed).toBe(1);
      expect(view.body.data?.codes.find((c) => c.code === codes[0]!.code)?.used).toBe(1);
      expect(view.body.data?.redemptions).toEqual([expect.objectContaining({ code: codes[0]!.code, earnerId: people.earner.userId, reward: 7_00 })]);
      const batches = await get<{ list: CodeBatch[] }>('/admin/codes/batches', people.admin.token);
      expect(batches.body.data?.list[0]).toMatchObject({ id: batch.id, redeemed: 1 });
      const [logged] = await audit(`?action=codes.create&targetId=${batch.id}`);
      expect(logged).toMatchObject({ targetType: 'codeBatch', after: { count: 3, reward: 7_00 }, note: 'Poster in the market' });
    });

    it('refuses a bad batch with a clear message, and an unknown batch, changing nothing', async () => {
      const rows = await countRows(ctx.db);
      const good = { reward: 5_00, count: 2, maxUses: 3, expiresAt: IN_A_MONTH, note: '' };
      const bad: Record<string, unknown>[] = [
        { reward: 0 },
        { reward: 1.5 },
        { count: 0 },
        { count: 501 },
        { maxUses: 0 },
        { expiresAt: 'next week' },
        { expiresAt: new Date(Date.now() - 60_000).toISOString() },
        { note: 'x'.repeat(121) },
        { note: undefined },
      ];
      for (const change of bad) {
        const { status, body } = await post('/admin/codes/create', people.admin.token, { ...good, ...change }, 'ur-PK');
        expect([status, body.code], JSON.stringify(change)).toEqual([400, 400]);
        expect(body.msg.length).toBeGreaterThan(0);
      }
      const past = await post('/admin/codes/create', people.admin.token, { ...good, expiresAt: new Date(Date.now() - 60_000).toISOString() });
      expect(past.body.msg).toBe('The expiry must be in the future');
      expect(await countRows(ctx.db)).toEqual(rows);
      expect((await get('/admin/codes/batch?batchId=2000000000', people.admin.token)).status).toBe(404);
      expect((await get('/admin/codes/batch?batchId=0', people.admin.token)).status).toBe(400);
    });
  });

  describe('what waits for the operators', () => {
    const waiting = async (role: 'admin' | 'reviewer' | 'payout') => (await get<ConsoleWaiting>('/admin/waiting', people[role].token)).body.data!;

    it('counts undecided submissions with the next deadline, and orders awaiting approval, each for the roles that work them', async () => {
      const before = await waiting('admin');
      const { submissionId } = await pendingSubmission();
      const [deadline] = ((await ctx.db.execute(sql`select deadline_at from submissions where id = ${submissionId}`)) as unknown as { rows: { deadline_at: Date | string }[] }).rows;
      // Above the approval line (₹1,000): it waits for a payout operator.
      const earner = await registerEarner(ctx.app);
      await postAlone(ctx.db, { userId: earner.userId, amount: 50_000_00, reason: LedgerReason.taskReward, idempotencyKey: `waiting-test:${earner.userId}` });
      const [upi] = (await get<{ id: number }[]>('/app/pay/institutionList?method=upi', earner.token)).body.data!;
      const recipient = (await post<Recipient>('/app/pay/userRecipientSave', earner.token, { method: 'upi', institutionId: upi!.id, name: 'Asha K', account: 'asha.k@okbank' })).body.data!;
      const order = (await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: 2_000_00, recipientId: recipient.id, idempotencyKey: randomBytes(12).toString('hex') })).body.data!;

      const after = await waiting('admin');
      expect(after.reviews?.undecided).toBe(before.reviews!.undecided + 1);
      expect(Date.parse(after.reviews!.nextDeadline!)).toBeLessThanOrEqual(new Date(deadline!.deadline_at).getTime());
      expect(after.withdrawals).toEqual({ ...before.withdrawals!, awaitingApproval: before.withdrawals!.awaitingApproval + 1 });
      // Each role hears only of the work of the screens it may open.
      expect(await waiting('reviewer')).toEqual({ reviews: after.reviews, withdrawals: null, fraud: null });
      expect(await waiting('payout')).toEqual({ reviews: null, withdrawals: after.withdrawals, fraud: null });

      // Decided, they wait no more.
      expect((await post('/admin/review/pass', people.reviewer.token, { submissionId })).body.code).toBe(200);
      expect((await post('/admin/payout/approve', people.payout.token, { orderId: order.id })).body.code).toBe(200);
      expect(await waiting('admin')).toEqual(before);
      expect(await orderSettled(ctx.app, earner.token, order.id)).toBe('success');
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
      // Where the earner's number is, and so what their withdrawals are paid in.
      expect(byCode.body.data?.list[0]).toMatchObject({ country: 'IN', currency: 'INR' });
      const byPhone = await get<{ list: EarnerProfile[] }>(`/admin/earners/search?q=${earner.phone}`, people.admin.token);
      expect(byPhone.body.data?.list.map((e) => e.id)).toEqual([earner.userId]);
      const frozen = await post<EarnerProfile>('/admin/earners/freeze', people.admin.token, { earnerId: earner.userId, reason: 'Same device as 40 accounts' });
      expect(frozen.body.data?.frozen?.reason).toBe('Same device as 40 accounts');
      // A second freeze would keep the first reason: it is refused, not answered as if it took the new one.
      const again = await post('/admin/earners/freeze', people.admin.token, { earnerId: earner.userId, reason: 'Another reason' });
      expect([again.status, again.body.msg]).toEqual([409, 'This earner is already frozen. Unfreeze first to give another reason']);
      // Still signed in: their own calls work.
      expect((await post('/app/user/info', earner.token, {})).body.code).toBe(200);
      await postAlone(ctx.db, { userId: earner.userId, amount: 500_00, reason: LedgerReason.taskReward, idempotencyKey: `admin-test:${earner.userId}` });
      const before = await countRows(ctx.db);
      const refused = await post<WithdrawOrder>('/app/pay/pay-withdraw', earner.token, { amount: 100_00, recipientId: 1, idempotencyKey: randomBytes(12).toString('hex') });
      expect([refused.status, refused.body.code]).toEqual([403, 403]);
      expect(refused.body.msg).toContain('Same device as 40 accounts');
      expect(await countRows(ctx.db)).toEqual(before);
      const thawed = await post<EarnerProfile>('/admin/earners/unfreeze', people.admin.token, { earnerId: earner.userId, reason: 'Checked: a family phone' });
      expect(thawed.body.data?.frozen).toBeNull();
      const thawedAgain = await post('/admin/earners/unfreeze', people.admin.token, { earnerId: earner.userId, reason: 'Checked twice' });
      expect([thawedAgain.status, thawedAgain.body.msg]).toEqual([409, 'This earner is not frozen']);
      // The refusals left no audit entry.
      const log = await audit(`?targetType=earner&targetId=${earner.userId}`);
      expect(log.map((a) => a.action)).toEqual(['earner.unfreeze', 'earner.freeze']);
      const ledger = await get<{ list: { amount: number }[] }>(`/admin/earners/ledger?earnerId=${earner.userId}`, people.admin.token);
      expect(ledger.body.data?.list[0]?.amount).toBe(500_00);
    });

    it("finds an earner by a code whose digits are in another earner's phone, and by a phone typed with spaces and dashes", async () => {
      const [earner, other] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
      // Letters around four digits of the other earner's number: a code, and only that code.
      const tail = other.phone.slice(-4);
      const code = `Q${tail[0]}W${tail[1]}X${tail[2]}Z${tail[3]}`;
      await ctx.db.execute(sql`update users set invite_code = ${code} where id = ${earner.userId}`);
      const byCode = await get<{ list: EarnerProfile[] }>(`/admin/earners/search?q=${code.toLowerCase()}`, people.admin.token);
      expect(byCode.body.data?.list.map((e) => e.id)).toEqual([earner.userId]);
      const typed = `${other.phone.slice(0, 5)} ${other.phone.slice(5, 8)}-${other.phone.slice(8)}`;
      const byPhone = await get<{ list: EarnerProfile[] }>(`/admin/earners/search?q=${encodeURIComponent(typed)}`, people.admin.token);
      expect(byPhone.body.data?.list.map((e) => e.id)).toEqual([other.userId]);
    });

    it('refuses bad freeze input and unknown or operator ids, changing nothing', async () => {
      const before = await countRows(ctx.db);
      // One emoji is one character (two UTF-16 units), under the reason's least, as its column counts.
      const reasons = ['', 'x'.repeat(301), '\u{1F600}', ' \u{1F600} '];
      for (const bad of [...reasons.map((reason) => ({ earnerId: people.earner.userId, reason })), { earnerId: 0, reason: 'Fraud' }, { reason: 'Fraud' }]) {
        expect((await post('/admin/earners/freeze', people.admin.token, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect((await post('/admin/earners/freeze', people.admin.token, { earnerId: 2_000_000_000, reason: 'Fraud' })).status).toBe(404);
      expect((await post('/admin/earners/freeze', people.admin.token, { earnerId: people.payout.userId, reason: 'Fraud' })).status).toBe(404);
      for (const q of ['', 'ab', 'x'.repeat(21)]) expect((await get(`/admin/earners/search?q=${q}`, people.admin.token)).status).toBe(400);
      expect(await countRows(ctx.db)).toEqual(before);
    });
  });

  describe('credit correction', () => {
    const ledgerOf = async (earnerId: number) => (await get<{ list: EarnerLedgerLine[] }>(`/admin/earners/ledger?earnerId=${earnerId}`, people.admin.token)).body.data?.list ?? [];
    async function credited(amount: number) {
      const earner = await registerEarner(ctx.app);
      const { entry } = await postAlone(ctx.db, { userId: earner.userId, amount, reason: LedgerReason.taskReward, idempotencyKey: `reverse-test:${earner.userId}` });
      return { earner, entryId: entry.id };
    }

    it('reverses a mistaken credit once, with a new entry, a reason and the audit log', async () => {
      const { earner, entryId } = await credited(300_00);
      const before = await balanceOf(ctx.db, earner.userId);
      const line = (await ledgerOf(earner.userId)).find((l) => l.id === entryId);
      expect(line).toMatchObject({ amount: 300_00, reason: 'task_reward', reversible: true, reversedBy: null });
      const done = await post<{ earner: EarnerProfile; reversal: EarnerLedgerLine }>('/admin/earners/reverse', people.admin.token, { earnerId: earner.userId, entryId, reason: 'Reward paid twice' });
      expect(done.body.code).toBe(200);
      expect(done.body.data?.earner.balance).toBe(before - 300_00);
      expect(done.body.data?.reversal).toMatchObject({ amount: -300_00, reason: 'reversal', reversible: false });
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before - 300_00);
      // The credit is still there, marked; the reversal is a line of its own.
      const lines = await ledgerOf(earner.userId);
      expect(lines.find((l) => l.id === entryId)).toMatchObject({ amount: 300_00, reversible: false, reversedBy: done.body.data?.reversal.transferId });
      expect(lines[0]).toMatchObject({ amount: -300_00, reason: 'reversal' });
      const [logged] = await audit(`?action=earner.reverse&targetId=${earner.userId}`);
      expect(logged).toMatchObject({
        operatorId: people.admin.userId,
        targetType: 'earner',
        note: 'Reward paid twice',
        before: { balance: before, entry: { id: entryId, amount: 300_00, reason: 'task_reward' } },
        after: { balance: before - 300_00, reversal: { amount: -300_00 } },
      });
      // Never twice, and never a reversal of the reversal.
      const rows = await countRows(ctx.db);
      const again = await post('/admin/earners/reverse', people.admin.token, { earnerId: earner.userId, entryId, reason: 'Again' }, 'ur-PK');
      expect([again.status, again.body.code, again.body.msg]).toEqual([409, 409, 'یہ کریڈٹ پہلے ہی واپس لیا جا چکا ہے']);
      const back = await post('/admin/earners/reverse', people.admin.token, { earnerId: earner.userId, entryId: lines[0]!.id, reason: 'Undo the undo' });
      expect([back.status, back.body.code, back.body.msg]).toEqual([409, 409, expect.stringContaining('Only a credit the platform gave')]);
      expect(await countRows(ctx.db)).toEqual(rows);
      const check = await checkLedger(ctx.db);
      expect([check.unbalancedEarners, check.unbalancedTransfers, check.negativeBalances, check.sumOfAllAccounts]).toEqual([0, 0, 0, 0]);
    });

    it('refuses when the points were already withdrawn, and changes nothing', async () => {
      const { earner, entryId } = await credited(400_00);
      const balance = await balanceOf(ctx.db, earner.userId);
      // What a withdrawal request does to the balance: the points leave for payouts in flight.
      await ctx.db.transaction((tx) =>
        transfer(tx, { from: { userId: earner.userId }, to: PAYOUTS_IN_FLIGHT, amount: balance - 100_00, reason: LedgerReason.withdrawal, idempotencyKey: `reverse-test-out:${earner.userId}` }),
      );
      const rows = await countRows(ctx.db);
      const refused = await post('/admin/earners/reverse', people.admin.token, { earnerId: earner.userId, entryId, reason: 'Wrong task' });
      expect([refused.status, refused.body.code]).toEqual([400, 1101]);
      expect(refused.body.msg).toBe('The balance (100 points) no longer holds these 400 points: they were already withdrawn. Nothing was changed.');
      expect(await countRows(ctx.db)).toEqual(rows);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(100_00);
      expect((await ledgerOf(earner.userId)).find((l) => l.id === entryId)?.reversible).toBe(true);
    });

    it("refuses another earner's entry, a debit, an operator and bad input (IDOR), changing nothing", async () => {
      const a = await credited(50_00);
      const b = await credited(60_00);
      const rows = await countRows(ctx.db);
      const reverse = (payload: object) => post('/admin/earners/reverse', people.admin.token, payload);
      // B's entry named under A, and the other way round: unknown, whoever's it is.
      expect((await reverse({ earnerId: a.earner.userId, entryId: b.entryId, reason: 'Mistake' })).status).toBe(404);
      expect((await reverse({ earnerId: b.earner.userId, entryId: a.entryId, reason: 'Mistake' })).status).toBe(404);
      expect((await reverse({ earnerId: a.earner.userId, entryId: 2_000_000_000, reason: 'Mistake' })).status).toBe(404);
      expect((await reverse({ earnerId: people.payout.userId, entryId: a.entryId, reason: 'Mistake' })).status).toBe(404);
      for (const bad of [
        { earnerId: a.earner.userId, entryId: a.entryId, reason: '' },
        { earnerId: a.earner.userId, entryId: a.entryId, reason: 'x'.repeat(301) },
        { earnerId: a.earner.userId, entryId: a.entryId },
        { earnerId: a.earner.userId, entryId: 0, reason: 'Mistake' },
        { earnerId: a.earner.userId, entryId: 'x', reason: 'Mistake' },
        { entryId: a.entryId, reason: 'Mistake' },
        { earnerId: -1, entryId: a.entryId, reason: 'Mistake' },
      ]) {
        const { status, body } = await reverse(bad);
        expect([status, body.code], JSON.stringify(bad)).toEqual([400, 400]);
      }
      expect(await countRows(ctx.db)).toEqual(rows);
    });

    it('reverses once when two admins correct the same credit at once', async () => {
      const { earner, entryId } = await credited(200_00);
      const before = await balanceOf(ctx.db, earner.userId);
      const answers = await Promise.all([1, 2, 3].map(() => post('/admin/earners/reverse', people.admin.token, { earnerId: earner.userId, entryId, reason: 'Paid twice' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await balanceOf(ctx.db, earner.userId)).toBe(before - 200_00);
    });
  });

  it('keeps the audit log append-only', async () => {
    await expect(ctx.db.execute(sql`update operator_actions set note = 'rewritten'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from operator_actions`)).rejects.toThrow();
    expect((await audit()).length).toBeGreaterThan(0);
    for (const bad of ['?operatorId=0', '?operatorId=x', `?action=${'x'.repeat(61)}`, '?page=0']) expect((await get(`/admin/audit/list${bad}`, people.admin.token)).status, bad).toBe(400);
  });

  it('never hands one submission to two reviewers claiming at once', async () => {
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
