import type { EveryDayStat, Invitees, LevelInfo, MaskedPerson, ShareInfo, SignupFlag } from '@grab/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { levelRules, taskRuns, teamRebates, users } from '../src/db/schema';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { call, countRows, engines, PASSWORD, type Registered, registerEarner, uniquePhone, useTestContext } from './helper';
import { makeReviewer } from './reviews-fixtures';
import { createTask } from './tasks-fixtures';
import { BOOKS_HOLD } from './books';


describe.each(engines)('team and levels on %s', (engine) => {
  const ctx = useTestContext(engine);

  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const get = async <T>(url: string, token: string) => (await call<T>(ctx.app, { method: 'GET', url, token })).body;
  const post = async <T>(url: string, token: string, payload: object = {}) => (await call<T>(ctx.app, { method: 'POST', url, token, payload })).body;

  /** root → chain[0] → chain[1] → …: each registered with the previous one's invitation code. */
  async function chain(length: number): Promise<Registered[]> {
    const out: Registered[] = [];
    for (let i = 0; i < length; i += 1) out.push(await registerEarner(ctx.app, out.at(-1)?.inviteCode ?? 'ROOT01'));
    return out;
  }

  /** A passed run of a new task of `kind` for the earner, paid through the one reward path. */
  async function reward(earner: Registered, points: number, kind: 'audit' | 'joinGroup' = 'audit') {
    const task = await createTask(ctx.db, { kind, reward: points }, [kind === 'audit' ? 'proof' : 'open']);
    const [run] = await ctx.db.insert(taskRuns).values({ userId: earner.userId, taskId: task.id, period: 'once', seq: 1, status: 'passed' }).returning({ id: taskRuns.id });
    await ctx.db.transaction((tx) => payRun(tx, run!.id));
    return run!.id;
  }

  const balanceOf = async (earner: Registered) => ((await post<{ asset: number }>('/app/user/info', earner.token)).data?.asset ?? 0) - 100_00;

  it('pays uplines 1..5 their 3/2/2/1/1 % of a task reward, rounded down, and nothing beyond depth 5', async () => {
    const team = await chain(7);
    const earner = team[6]!;
    await reward(earner, 333_33);
    // Depth 1 is team[5], depth 5 is team[1]; team[0] is at depth 6.
    const expected = [0, 3_33, 3_33, 6_66, 6_66, 9_99];
    for (let i = 0; i < 6; i += 1) expect(await balanceOf(team[i]!), `team[${i}]`).toBe(expected[i]);
    const rows = await ctx.db.select().from(teamRebates).where(eq(teamRebates.earnerId, earner.userId));
    expect(rows.map((r) => [r.depth, r.status]).sort()).toEqual([
      [1, 'paid'],
      [2, 'paid'],
      [3, 'paid'],
      [4, 'paid'],
      [5, 'paid'],
    ]);
  });

  it('holds the rebates of an earner without an approved audit task, and releases them with the first one', async () => {
    const [inviter, invitee] = await chain(2);
    await reward(invitee!, 100_00, 'joinGroup');
    let info = (await post<ShareInfo>('/app/user/shareInfo', inviter!.token)).data!;
    expect(info).toMatchObject({ heldBonus: 3_00, totalBonus: 0, todayBonus: 0 });
    expect(await balanceOf(inviter!)).toBe(0);

    await reward(invitee!, 50_00, 'audit');
    info = (await post<ShareInfo>('/app/user/shareInfo', inviter!.token)).data!;
    expect(info).toMatchObject({ heldBonus: 0, totalBonus: 4_50, todayBonus: 4_50, yesterdayBonus: 0, directBonus: 4_50, directInvites: 1, totalInvites: 1, countsByDepth: [1, 0, 0, 0, 0] });
    expect(await balanceOf(inviter!)).toBe(4_50);
    // Later rewards are paid at once.
    await reward(invitee!, 10_00, 'joinGroup');
    expect(await balanceOf(inviter!)).toBe(4_80);
  });

  it('never pays a rebate twice when a payment is retried', async () => {
    const [inviter, invitee] = await chain(2);
    const runId = await reward(invitee!, 20_00);
    await ctx.db.transaction((tx) => payRun(tx, runId));
    expect(await balanceOf(inviter!)).toBe(60);
  });

  it('shows the invitation data: inviter masked, level, counts per depth, and the share link to /register', async () => {
    const team = await chain(3);
    const info = (await post<ShareInfo>('/app/user/shareInfo', team[1]!.token)).data!;
    expect(info.shareLink).toMatch(new RegExp(`/register\\?shareCode=${team[1]!.inviteCode}$`));
    expect(info.inviter?.maskedPhone).toBe(`+91 ••••••${team[0]!.phone.slice(-4)}`);
    expect(info.inviter?.maskedPhone).not.toContain(team[0]!.phone.slice(0, 6));
    expect(info).toMatchObject({ level: 1, countsByDepth: [1, 0, 0, 0, 0], rebateBps: [300, 200, 200, 100, 100] });
    expect((await post<ShareInfo>('/app/user/shareInfo', team[0]!.token)).data?.countsByDepth).toEqual([1, 1, 0, 0, 0]);
  });

  it('lists only the earner\'s own direct invitees, masked, with the bonus each brought', async () => {
    const [inviter, a, b] = await chain(3);
    const c = await registerEarner(ctx.app, inviter!.inviteCode);
    await reward(a!, 100_00);
    await reward(c, 10_00, 'joinGroup');
    const list = (await get<Invitees>('/app/team/invitees?page=1&pageSize=10', inviter!.token)).data!;
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.maskedPhone)).toEqual([`+91 ••••••${c.phone.slice(-4)}`, `+91 ••••••${a!.phone.slice(-4)}`]);
    expect(list.items[0]).toMatchObject({ bonus: 0, heldBonus: 30, verified: false });
    expect(list.items[1]).toMatchObject({ bonus: 3_00, heldBonus: 0, verified: true });
    expect(JSON.stringify(list)).not.toContain(a!.phone);
    // b is a's invitee, not the inviter's: a sees b, the inviter does not see b among direct invitees.
    const ofA = (await get<Invitees>('/app/team/invitees', a!.token)).data!;
    expect(ofA.items.map((i) => i.maskedPhone)).toEqual([`+91 ••••••${b!.phone.slice(-4)}`]);
  });

  it('reports the team day by day from the rollups: sign-ups, earners and their points', async () => {
    const [inviter, a, b] = await chain(3);
    await reward(a!, 10_00);
    await reward(a!, 5_00);
    await reward(b!, 2_00);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = (await get<EveryDayStat>(`/app/stat/everyDayStat?start=${yesterday}&end=${today}`, inviter!.token)).data!;
    expect(report.maxDays).toBe(31);
    expect(report.days).toEqual([
      { date: yesterday, registered: 0, onlineUsers: 0, onlinePoints: 0, withdrawalUsers: 0, withdrawalPoints: 0 },
      { date: today, registered: 2, onlineUsers: 2, onlinePoints: 17_00, withdrawalUsers: 0, withdrawalPoints: 0 },
    ]);
    // a's own report has b only.
    const ofA = (await get<EveryDayStat>(`/app/stat/everyDayStat?start=${today}&end=${today}`, a!.token)).data!;
    expect(ofA.days[0]).toMatchObject({ registered: 1, onlineUsers: 1, onlinePoints: 2_00 });
  });

  it.each([
    ['a missing date', 'start=2026-11-01', 'Please select time period to search'],
    ['a malformed date', 'start=2026-11-1&end=2026-11-02', 'Please select time period to search'],
    ['a day that does not exist', 'start=2026-02-30&end=2026-03-02', 'Please select time period to search'],
    ['the year 0000, which JavaScript reads and PostgreSQL has not', 'start=0000-01-01&end=0000-01-10', 'Please select time period to search'],
    ['dates reversed', 'start=2026-11-05&end=2026-11-01', 'The start date must be on or before the end date'],
    ['a period longer than 31 days', 'start=2026-01-01&end=2026-03-01', 'Choose no more than 31 days'],
    ['the far future', 'start=2099-01-01&end=2099-01-02', 'The period cannot end after today'],
    ['an injection attempt', 'start=2026-11-01%27%3B%20drop%20table%20users%3B--&end=2026-11-02', 'Please select time period to search'],
  ])('refuses %s with its message and changes nothing', async (_name, query, message) => {
    const [earner] = await chain(1);
    const before = await countRows(ctx.db);
    const { status, body } = await call(ctx.app, { method: 'GET', url: `/app/stat/everyDayStat?${query}`, token: earner!.token });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null, msg: message });
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('answers the report in the earner\'s language', async () => {
    const [earner] = await chain(1);
    const { body } = await call(ctx.app, { method: 'GET', url: '/app/stat/everyDayStat?start=2026-01-01&end=2026-06-01', token: earner!.token, headers: { 'accept-language': 'ur-PK' } });
    expect(body.msg).toBe('31 دن سے زیادہ منتخب نہ کریں');
  });

  it('says who invites a person about to register, masked, and nothing for a root or unknown code', async () => {
    const [inviter] = await chain(1);
    const known = (await call<MaskedPerson>(ctx.app, { method: 'GET', url: `/public/user/inviter?shareCode=${inviter!.inviteCode.toLowerCase()}` })).body;
    expect(known).toMatchObject({ code: 200, data: { maskedPhone: `+91 ••••••${inviter!.phone.slice(-4)}`, level: 1 } });
    expect((await call(ctx.app, { method: 'GET', url: '/public/user/inviter?shareCode=ROOT01' })).body).toMatchObject({ code: 200, data: null });
    expect((await call(ctx.app, { method: 'GET', url: '/public/user/inviter?shareCode=' })).body.code).toBe(400);
  });

  it('raises the level in the payment that reaches a threshold, tells it once, and never lowers it', async () => {
    const [inviter, invitee] = await chain(2);
    let info = (await get<LevelInfo>('/app/user/level-info', invitee!.token)).data!;
    expect(info).toMatchObject({ level: 1, taskPoints: 0, activeInvitees: 0, unseenLevelUp: null, next: { level: 2, minTaskPoints: 500_00, minActiveInvitees: 0 } });
    expect(info.levels).toHaveLength(11);
    expect(info.levels[3]?.rights).toEqual(['serviceGroup']);

    await reward(invitee!, 499_99);
    expect((await get<LevelInfo>('/app/user/level-info', invitee!.token)).data).toMatchObject({ level: 1, taskPoints: 499_99 });
    await reward(invitee!, 1);
    info = (await get<LevelInfo>('/app/user/level-info', invitee!.token)).data!;
    expect(info).toMatchObject({ level: 2, unseenLevelUp: 2 });
    // Level-gated tasks read the same level.
    const [row] = await ctx.db.select({ level: users.level }).from(users).where(eq(users.id, invitee!.userId));
    expect(row?.level).toBe(2);

    expect((await post('/app/user/level-seen', invitee!.token, { level: 2 })).code).toBe(200);
    expect((await get<LevelInfo>('/app/user/level-info', invitee!.token)).data?.unseenLevelUp).toBeNull();
    expect((await post('/app/user/level-seen', invitee!.token, { level: 5 })).code).toBe(400);

    // The invitee's approved audit task made them an active invitee of the inviter.
    expect((await get<LevelInfo>('/app/user/level-info', inviter!.token)).data).toMatchObject({ activeInvitees: 1 });

    // An operator raising the thresholds does not take a level away.
    await ctx.db.update(levelRules).set({ minTaskPoints: sql`${levelRules.minTaskPoints} * 10` });
    await reward(invitee!, 1);
    expect((await get<LevelInfo>('/app/user/level-info', invitee!.token)).data?.level).toBe(2);
    await ctx.db.update(levelRules).set({ minTaskPoints: sql`${levelRules.minTaskPoints} / 10` });
  });

  it('refuses level-seen with bad input, leaving every row as it was', async () => {
    const [earner] = await chain(1);
    const before = await countRows(ctx.db);
    for (const payload of [{}, { level: 'two' }, { level: 0 }, { level: 12 }, { level: 1.5 }]) {
      const { status, body } = await call(ctx.app, { method: 'POST', url: '/app/user/level-seen', token: earner!.token, payload });
      expect(status).toBe(400);
      expect(body.code).toBe(400);
    }
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('flags sign-ups under one inviter from one browser or address for reviewers, and drops none', async () => {
    const [inviter] = await chain(1);
    const reviewer = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, reviewer.userId);
    const device = `dev-${inviter!.userId}-shared-phone`;
    const invitees: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { body } = await call<{ userInfo: { id: number } }>(ctx.app, {
        method: 'POST',
        url: '/public/user/register',
        payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: inviter!.inviteCode, deviceId: device },
      });
      invitees.push(body.data!.userInfo.id);
    }
    // Every sign-up stands: they are in the inviter's team.
    expect((await post<ShareInfo>('/app/user/shareInfo', inviter!.token)).data?.directInvites).toBe(3);

    const flags = (await get<{ items: SignupFlag[] }>('/admin/team/signup-flags', reviewer.token)).data!.items.filter((f) => f.inviterId === inviter!.userId);
    expect(flags.map((f) => f.sharedBy).sort()).toEqual(['address', 'device']);
    for (const flag of flags) expect(flag).toMatchObject({ signups: 3, inviteeIds: invitees, inviterPhone: expect.stringMatching(/^\+91 \d\d•+\d{3}$/) });

    // Earners cannot read it, in their language.
    const refused = await call(ctx.app, { method: 'GET', url: '/admin/team/signup-flags', token: inviter!.token, headers: { 'accept-language': 'en-US' } });
    expect(refused.body).toMatchObject({ code: 403, data: null, msg: 'Only reviewers can do this' });
    expect((await call(ctx.app, { method: 'GET', url: '/admin/team/signup-flags?page=0', token: reviewer.token })).body.code).toBe(400);
  });

  it('needs a session for the team and level calls', async () => {
    for (const [method, url] of [
      ['GET', '/app/team/invitees'],
      ['GET', '/app/stat/everyDayStat?start=2026-11-01&end=2026-11-02'],
      ['GET', '/app/user/level-info'],
      ['POST', '/app/user/level-seen'],
      ['GET', '/admin/team/signup-flags'],
    ] as const) {
      expect((await call(ctx.app, { method, url, ...(method === 'POST' ? { payload: { level: 1 } } : {}) })).status).toBe(401);
    }
  });
});
