import { assetInfo, AssetInfo, CommonConfig, Currency, Task, UserInfo } from '@grab/shared/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { sql } from 'drizzle-orm';
import { READ_ONLY_SQL_FUNCTIONS } from '../src/db/write-clock';
import { postAlone, LedgerReason } from '../src/modules/ledger/ledger.service';
import { call, engines, registerEarner, type Registered, useTestContext } from './helper';

describe.each(engines)('read endpoints on %s', (engine) => {
  const ctx = useTestContext(engine);
  let earner: Registered;
  beforeAll(async () => {
    earner = await registerEarner(ctx.app);
  });

  it('GET /health reports the database', async () => {
    const { status, body } = await call(ctx.app, { method: 'GET', url: '/health' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ status: 'ok', database: engine });
  });

  it('POST /public/commonConfig needs no token and gives the title, pixel and bonus', async () => {
    const { body } = await call(ctx.app, { method: 'POST', url: '/public/commonConfig' });
    expect(CommonConfig.parse(body.data)).toEqual({ title: 'Grab', fbId: null, welcomeBonus: 10000, supportUrl: null });
  });

  it('POST /app/user/info gives the earner, with the balance as asset', async () => {
    const { body } = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token, payload: {} });
    const info = UserInfo.parse(body.data);
    expect(info).toMatchObject({ id: earner.userId, asset: 10000, level: 1, thirdUserId: earner.thirdUserId, inviteCode: earner.inviteCode, currency: 'INR' });
    expect(info.thirdName).toMatch(/^\+91\*{4}\d{4}$/);
  });

  it('GET /app/user/assetInfo splits balance and earnings', async () => {
    await postAlone(ctx.db, { userId: earner.userId, amount: 5_00, reason: LedgerReason.taskReward, idempotencyKey: `asset:${earner.userId}` });
    await postAlone(ctx.db, { userId: earner.userId, amount: -2_00, reason: LedgerReason.withdrawal, idempotencyKey: `asset-w:${earner.userId}` });
    const { body } = await call(ctx.app, { method: assetInfo.method, url: assetInfo.path, token: earner.token });
    // Earnings are the task reward alone: the welcome bonus is a gift, not something earned.
    const info = AssetInfo.parse(body.data);
    expect(info).toMatchObject({ balance: 103_00, pending: 0, withdrawable: 103_00, locked: 0, lockedReason: null, todayEarnings: 5_00, totalEarnings: 5_00, weekEarnings: 5_00 });
    // Two weeks of days, oldest first, today last with today's earnings.
    expect(info.dailyEarnings).toHaveLength(14);
    expect(info.dailyEarnings.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), amount: 5_00 });
    expect(info.dailyEarnings.slice(0, -1).every((d) => d.amount === 0)).toBe(true);
  });

  it('GET /app/user/assetInfo only reads, so its answer is kept until this process writes', async () => {
    await call(ctx.app, { method: assetInfo.method, url: assetInfo.path, token: earner.token });
    const epoch = ctx.database.writes.epoch;
    const { body } = await call(ctx.app, { method: assetInfo.method, url: assetInfo.path, token: earner.token });
    expect(body.code).toBe(200);
    expect(ctx.database.writes.epoch).toBe(epoch);
    // Each cache-miss read must call no function the write clock takes for a write: the list it
    // keeps of the ledger's reading functions is the one the database declares STABLE or IMMUTABLE.
    await postAlone(ctx.db, { userId: earner.userId, amount: 1_00, reason: LedgerReason.prize, idempotencyKey: `asset-prize:${earner.userId}` });
    const moved = ctx.database.writes.epoch;
    const again = await call(ctx.app, { method: assetInfo.method, url: assetInfo.path, token: earner.token });
    expect(AssetInfo.parse(again.body.data).totalEarnings).toBe(AssetInfo.parse(body.data).totalEarnings + 1_00);
    expect(ctx.database.writes.epoch).toBe(moved);
    const declared = await ctx.db.execute(sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and (p.proname like 'ledger\_%' or p.proname like 'wallet\_%') and p.provolatile in ('s', 'i') order by 1`);
    expect((declared as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual([...READ_ONLY_SQL_FUNCTIONS].sort());
  });

  it('GET /app/currency/list gives the eight languages with their currencies and rates', async () => {
    const { body } = await call(ctx.app, { method: 'GET', url: '/app/currency/list', token: earner.token });
    const list = z.array(Currency).parse(body.data);
    expect(list.map((c) => c.language)).toEqual(['en-US', 'hi-IN', 'hi-IND', 'br-BR', 'ur-PK', 'bn-BD', 'ph-PH', 'ng-HA']);
    expect(list[0]).toEqual({ code: 'USD', language: 'en-US', microsPerPoint: 1000, fractionDigits: 2 });
    expect((await call(ctx.app, { method: 'GET', url: '/app/currency/list' })).status).toBe(401);
  });

  it('GET /app/task/list lists the catalogue with steps, and filters by taskType', async () => {
    const { body } = await call(ctx.app, { method: 'GET', url: '/app/task/list', token: earner.token });
    const tasks = z.array(Task).parse(body.data);
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tasks.map((t) => t.schedule))).toEqual(new Set(['once', 'recurring', 'timed']));
    for (const task of tasks) {
      // A redemption-code task is only its code field: it has no steps.
      if (task.kind !== 'redeemCode') expect(task.taskBranchList.length).toBeGreaterThan(0);
      expect(task.status).toBe('notStarted');
      expect(task.progress.done).toBe(0);
    }
    expect(tasks.find((t) => t.schedule === 'timed')?.endsAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const shares = await call(ctx.app, { method: 'GET', url: '/app/task/list?taskType=share', token: earner.token });
    const shareTasks = z.array(Task).parse(shares.body.data);
    expect(shareTasks.length).toBeGreaterThan(0);
    expect(shareTasks.every((t) => t.kind === 'share')).toBe(true);
    expect(shareTasks[0]?.taskBranchList[0]?.h5Url).toBe('/shareTask');
  });

  it('POST /app/user/shareInfo uses PUBLIC_ORIGIN when set', async () => {
    const { buildApp } = await import('../src/app');
    const { testConfig } = await import('./helper');
    const app = await buildApp({ database: ctx.database, config: testConfig({ PUBLIC_ORIGIN: 'https://grab.example/' }) });
    const { body } = await call<{ shareLink: string }>(app, { method: 'POST', url: '/app/user/shareInfo', token: earner.token });
    expect(body.data?.shareLink).toBe(`https://grab.example/register?shareCode=${earner.inviteCode}`);
    await app.close();
  });

  it('compresses larger API responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/app/task/list', headers: { authorization: `Bearer ${earner.token}`, 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
  });
});
