import type { ConsoleWaiting, FlagDecision, HeldRebates, OperatorAction, SignupFlag } from '@grab/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { taskRuns, teamRebates } from '../src/db/schema';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, countRows, engines, PASSWORD, registerEarner, uniquePhone, useTestContext } from './helper';
import { CONSOLE_ROLES, type ConsolePeople, type ConsoleRole, makeConsolePeople } from './console-fixtures';
import { createTask } from './tasks-fixtures';

type Role = ConsoleRole;
const ROLES = CONSOLE_ROLES;

/** The fraud screen's calls, the roles that may make them, and an input that passes validation. */
const ROUTES: { method: 'GET' | 'POST'; url: string; payload?: object; roles: Role[] }[] = [
  { method: 'POST', url: '/admin/fraud/signup-decide', payload: { key: 'signup:device:1:none', action: 'dismiss', note: 'A family phone' }, roles: ['admin'] },
  { method: 'GET', url: '/admin/fraud/held-rebates', roles: ['admin'] },
  { method: 'POST', url: '/admin/fraud/rebates-decide', payload: { earnerId: 2_000_000_000, action: 'keep', note: 'Still checking' }, roles: ['admin'] },
];

describe.each(engines)('the console fraud flags (%s)', (engine) => {
  const ctx = useTestContext(engine);
  const people = {} as ConsolePeople;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
  });

  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const post = <T>(url: string, payload: object, token = people.admin.token, language = 'en-US') =>
    call<T>(ctx.app, { method: 'POST', url, token, payload, headers: { 'accept-language': language } });
  const get = <T>(url: string, token = people.admin.token) => call<T>(ctx.app, { method: 'GET', url, token });
  const audit = async (query: string) => (await get<{ list: OperatorAction[] }>(`/admin/audit/list${query}`)).body.data?.list ?? [];

  /** A sign-up under an inviter's code from one browser and one address; the new earner's id. */
  async function signUp(inviteCode: string, deviceId: string, remoteAddress = '127.0.0.1'): Promise<number> {
    const { body } = await call<{ userInfo: { id: number } }>(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      remoteAddress,
      payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode, deviceId },
    });
    if (!body.data) throw new Error(`register: ${JSON.stringify(body)}`);
    return body.data.userInfo.id;
  }

  /** An inviter with three sign-ups from one browser: a device flag and an address flag. */
  async function farmedTeam() {
    const inviter = await registerEarner(ctx.app);
    const device = `dev-${inviter.userId}-shared-browser-0001`;
    const invitees: number[] = [];
    for (let i = 0; i < 3; i += 1) invitees.push(await signUp(inviter.inviteCode, device));
    const flags = (await get<{ items: SignupFlag[] }>('/admin/team/signup-flags')).body.data!.items.filter((f) => f.inviterId === inviter.userId);
    return { inviter, invitees, device: flags.find((f) => f.sharedBy === 'device')!, address: flags.find((f) => f.sharedBy === 'address')! };
  }

  /** A passed run of a new task for the earner, paid through the one reward path (rebates included). */
  async function reward(userId: number, points: number, kind: 'audit' | 'joinGroup') {
    const task = await createTask(ctx.db, { kind, reward: points }, [kind === 'audit' ? 'proof' : 'open']);
    const [run] = await ctx.db.insert(taskRuns).values({ userId, taskId: task.id, period: 'once', seq: 1, status: 'passed' }).returning({ id: taskRuns.id });
    await ctx.db.transaction((tx) => payRun(tx, run!.id));
  }

  it.each(ROUTES)('$method $url answers admins and refuses every other role', async (route) => {
    for (const role of ROLES) {
      const token = role === 'none' ? undefined : people[role].token;
      const { status, body } = await call(ctx.app, { method: route.method, url: route.url, token, ...(route.payload ? { payload: route.payload } : {}) });
      if (role === 'none') expect([status, body.code], role).toEqual([401, 401]);
      else if (route.roles.includes(role)) {
        expect([401, 403, 500], `${role} ${JSON.stringify(body)}`).not.toContain(status);
        if (route.method === 'GET') expect(status).toBe(200);
      } else expect([status, body.code], role).toEqual([403, 403]);
    }
  });

  it('dismisses a sign-up flag with a note, and opens it again when it grows', async () => {
    const { inviter, device } = await farmedTeam();
    expect(device).toMatchObject({ signups: 3, decision: null, key: expect.stringMatching(/^signup:device:\d+:[0-9a-f]{32}$/) });
    // The key names the device by a digest only.
    expect(device.key).not.toContain('shared');
    const done = await post<{ decision: FlagDecision; frozen: number[] }>('/admin/fraud/signup-decide', { key: device.key, action: 'dismiss', note: 'A family sharing one phone' });
    expect(done.body.data).toMatchObject({ frozen: [], decision: { decision: 'dismissed', note: 'A family sharing one phone', decidedBy: people.admin.userId } });
    const reviewerView = (await get<{ items: SignupFlag[] }>('/admin/team/signup-flags', people.reviewer.token)).body.data!.items.find((f) => f.key === device.key);
    expect(reviewerView?.decision?.decision).toBe('dismissed');
    expect((await audit(`?action=fraud.dismiss&targetId=${device.key}`))[0]).toMatchObject({ targetType: 'signupFlag', note: 'A family sharing one phone', after: { decision: 'dismissed' } });
    // Nobody was frozen.
    expect((await post('/app/user/info', {}, inviter.token)).body.code).toBe(200);
    await signUp(inviter.inviteCode, `dev-${inviter.userId}-shared-browser-0001`);
    const grown = (await get<{ items: SignupFlag[] }>('/admin/team/signup-flags')).body.data!.items.find((f) => f.key === device.key);
    expect(grown).toMatchObject({ signups: 4, decision: null });
  });

  it('counts the flags no admin has decided on, for the admins alone', async () => {
    const waiting = async (role: 'admin' | 'reviewer' | 'payout') => (await get<ConsoleWaiting>('/admin/waiting', people[role].token)).body.data!;
    const open = async () => (await waiting('admin')).fraud!;
    const before = await open();
    const { inviter, invitees, device } = await farmedTeam();
    expect(await open()).toEqual({ ...before, signupFlags: before.signupFlags + 2 });
    // Reviewers read the flags but do not decide them; payout operators never see them.
    expect((await waiting('reviewer')).fraud).toBeNull();
    expect((await waiting('payout')).fraud).toBeNull();
    expect((await post('/admin/fraud/signup-decide', { key: device.key, action: 'dismiss', note: 'A family sharing one phone' })).body.code).toBe(200);
    expect((await open()).signupFlags).toBe(before.signupFlags + 1);
    // A new sign-up joins the dismissed flag: it waits for a decision again.
    await signUp(inviter.inviteCode, `dev-${inviter.userId}-shared-browser-0001`);
    expect((await open()).signupFlags).toBe(before.signupFlags + 2);
    // A rebate held for an invitee waits until an admin keeps or releases it.
    await reward(invitees[0]!, 100_00, 'joinGroup');
    expect(await open()).toEqual({ signupFlags: before.signupFlags + 2, heldRebates: before.heldRebates + 1 });
    expect((await post('/admin/fraud/rebates-decide', { earnerId: invitees[0], action: 'keep', note: 'Waiting for a real audit task' })).body.code).toBe(200);
    expect((await open()).heldRebates).toBe(before.heldRebates);
  });

  it('keeps the flags that grouping every sign-up finds, whichever browser and address each came from', async () => {
    const inviter = await registerEarner(ctx.app);
    const other = await registerEarner(ctx.app);
    // Two browsers behind one address, one browser on two addresses, and another inviter's sign-up
    // from the same browser, which flags nobody.
    await signUp(inviter.inviteCode, `dev-${inviter.userId}-browser-aaaa`, '10.1.0.1');
    await signUp(inviter.inviteCode, `dev-${inviter.userId}-browser-bbbb`, '10.1.0.1');
    await signUp(inviter.inviteCode, `dev-${inviter.userId}-browser-aaaa`, '10.1.0.2');
    await signUp(other.inviteCode, `dev-${inviter.userId}-browser-aaaa`, '10.1.0.3');
    const kept = await ctx.db.execute(sql`
      select flag_key, cardinality(invitee_ids) as signups, invitee_ids, last_at from signup_flag_groups order by flag_key`);
    const grouped = await ctx.db.execute(sql`
      select 'signup:device:' || inviter_id || ':' || md5(device_id) as flag_key, count(*)::int as signups, array_agg(user_id order by user_id) as invitee_ids, max(created_at) as last_at
      from signups where inviter_id is not null and device_id is not null group by inviter_id, device_id having count(*) > 1
      union all
      select 'signup:address:' || inviter_id || ':' || md5(ip), count(*)::int, array_agg(user_id order by user_id), max(created_at)
      from signups where inviter_id is not null group by inviter_id, ip having count(*) > 1
      order by flag_key`);
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rows(kept)).toEqual(rows(grouped));
    const items = (await get<{ items: SignupFlag[] }>('/admin/team/signup-flags')).body.data!.items;
    expect(items.filter((f) => f.inviterId === inviter.userId).map((f) => [f.sharedBy, f.signups]).sort()).toEqual([
      ['address', 2],
      ['device', 2],
    ]);
    expect(items.filter((f) => f.inviterId === other.userId)).toEqual([]);
  });

  it('freezes the inviter and every invitee of a flag, each reading the note as the reason', async () => {
    const { inviter, invitees, address } = await farmedTeam();
    const done = await post<{ frozen: number[] }>('/admin/fraud/signup-decide', { key: address.key, action: 'freeze', note: 'Forty accounts from one shop network' });
    expect(done.body.data?.frozen).toEqual([inviter.userId, ...invitees].sort((a, b) => a - b));
    const refused = await post('/app/pay/pay-withdraw', { amount: 100_00, recipientId: 1, idempotencyKey: 'fraud-flag-frozen-0001' }, inviter.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    expect(refused.body.msg).toContain('Forty accounts from one shop network');
    expect((await audit(`?action=earner.freeze&targetId=${inviter.userId}`))[0]).toMatchObject({ note: `fraud flag ${address.key}` });
    expect((await audit(`?action=fraud.freeze&targetId=${address.key}`))[0]).toMatchObject({ after: { decision: 'frozen' } });
    // Decided: a dismissal now would show the flag dismissed while its earners stay frozen.
    const rows = await countRows(ctx.db);
    const again = await post('/admin/fraud/signup-decide', { key: address.key, action: 'dismiss', note: 'Changed my mind' }, people.admin.token, 'ur-PK');
    expect([again.status, again.body.code, again.body.msg]).toEqual([409, 409, 'اس فلیگ کا فیصلہ پہلے ہی ہو چکا ہے۔ نیا سائن اپ شامل ہونے پر یہ دوبارہ کھلے گا۔']);
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('refuses an unknown flag, bad input, and changes nothing', async () => {
    const { device } = await farmedTeam();
    const rows = await countRows(ctx.db);
    expect((await post('/admin/fraud/signup-decide', { key: `${device.key}0`, action: 'dismiss', note: 'Checked' })).status).toBe(404);
    expect((await post('/admin/fraud/signup-decide', { key: 'signup:device:1:none', action: 'freeze', note: 'Checked' })).status).toBe(404);
    for (const bad of [
      { key: device.key, action: 'dismiss', note: '' },
      { key: device.key, action: 'dismiss', note: 'x'.repeat(301) },
      // Two UTF-16 units but one character, as the decision's column counts.
      { key: device.key, action: 'freeze', note: '\u{1F600}' },
      { key: device.key, action: 'ban', note: 'Checked' },
      { key: '', action: 'dismiss', note: 'Checked' },
      { action: 'dismiss', note: 'Checked' },
    ]) {
      const { status, body } = await post('/admin/fraud/signup-decide', bad, people.admin.token, 'ur-PK');
      expect([status, body.code], JSON.stringify(bad)).toEqual([400, 400]);
    }
    for (const bad of [{ earnerId: 0, action: 'keep', note: 'Checked' }, { earnerId: people.earner.userId, action: 'pay', note: 'Checked' }, { earnerId: people.earner.userId, action: 'keep', note: 'x' }, { earnerId: people.earner.userId, action: 'keep', note: '\u{1F600}' }]) {
      expect((await post('/admin/fraud/rebates-decide', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const none = await post('/admin/fraud/rebates-decide', { earnerId: people.earner.userId, action: 'release', note: 'Checked' });
    expect([none.status, none.body.msg]).toEqual([404, 'No rebate is held for this earner']);
    expect((await get('/admin/fraud/held-rebates?page=0')).status).toBe(400);
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('lists held rebates, keeps them with a note, and releases them to the uplines', async () => {
    const inviter = await registerEarner(ctx.app);
    const invitee = await registerEarner(ctx.app, inviter.inviteCode);
    await reward(invitee.userId, 100_00, 'joinGroup');
    const listed = async () => (await get<{ list: HeldRebates[] }>('/admin/fraud/held-rebates')).body.data!.list.find((h) => h.earnerId === invitee.userId);
    expect(await listed()).toMatchObject({ rebates: 1, amount: 3_00, uplines: 1, decision: null });
    const kept = await post<{ released: number }>('/admin/fraud/rebates-decide', { earnerId: invitee.userId, action: 'keep', note: 'Waiting for a real audit task' });
    expect(kept.body.data?.released).toBe(0);
    expect((await listed())?.decision).toMatchObject({ decision: 'dismissed', note: 'Waiting for a real audit task' });
    // Another invitee's held rebates on the same page keep their own (no) decision.
    const other = await registerEarner(ctx.app, inviter.inviteCode);
    await reward(other.userId, 100_00, 'joinGroup');
    const page = (await get<{ list: HeldRebates[] }>('/admin/fraud/held-rebates')).body.data!.list;
    expect(page.find((h) => h.earnerId === other.userId)).toMatchObject({ rebates: 1, decision: null });
    expect(page.find((h) => h.earnerId === invitee.userId)?.decision).toMatchObject({ decision: 'dismissed' });
    const released = await post<{ released: number }>('/admin/fraud/rebates-decide', { earnerId: invitee.userId, action: 'release', note: 'Checked the account by phone' });
    expect(released.body.data?.released).toBe(1);
    expect(await listed()).toBeUndefined();
    const rows = await ctx.db.select().from(teamRebates).where(eq(teamRebates.earnerId, invitee.userId));
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    const info = (await post<{ asset: number }>('/app/user/info', {}, inviter.token)).body.data!;
    expect(info.asset).toBeGreaterThanOrEqual(3_00);
    expect((await audit(`?action=fraud.releaseRebates&targetId=${invitee.userId}`))[0]).toMatchObject({ before: { held: 1, amount: 3_00 }, after: { held: 0, released: 1 }, note: 'Checked the account by phone' });
  });
});
