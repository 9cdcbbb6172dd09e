import { DrawConfig, type DrawSetup, type DrawStatus, ErrorCode, type SpinAnswer, type SpinResult } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { drawSettings, drawSpins, ledgerTransfers, taskRuns } from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { call, countRows, engines, type Registered, registerEarner, useTestContext } from './helper';
import { createTask } from './tasks-fixtures';
import { BOOKS_HOLD } from './books';

let keyCounter = 0;
const newKey = () => {
  keyCounter += 1;
  return `spin-key-${process.pid}-${keyCounter}-abcdef`;
};

describe.each(engines)('lucky draw on %s', (engine) => {
  const ctx = useTestContext(engine);

  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  const status = async (earner: Registered) => (await call<DrawStatus>(ctx.app, { method: 'GET', url: '/app/draw/status', token: earner.token })).body.data!;
  const spin = (earner: Registered, payload: unknown, language = 'en-US') =>
    call<SpinAnswer>(ctx.app, { method: 'POST', url: '/app/draw/spin', token: earner.token, payload: payload as object, headers: { 'accept-language': language } });

  async function approvedAuditTask(earner: Registered) {
    const task = await createTask(ctx.db, { kind: 'audit', reward: 1_00 }, ['proof']);
    const [run] = await ctx.db.insert(taskRuns).values({ userId: earner.userId, taskId: task.id, period: 'once', seq: 1, status: 'passed' }).returning({ id: taskRuns.id });
    await ctx.db.transaction((tx) => payRun(tx, run!.id));
    return run!.id;
  }

  it('serves the one configuration the widget draws and the server picks from', async () => {
    const earner = await registerEarner(ctx.app);
    const { body } = await call<DrawSetup>(ctx.app, { method: 'GET', url: '/app/draw/config', token: earner.token });
    expect(body.code).toBe(200);
    const setup = body.data!;
    expect(DrawConfig.safeParse(setup.config).success).toBe(true);
    expect(setup.config.dayWidgets).toContain(setup.featured);
    expect(setup.rules).toEqual({ dailySpins: 1, spinsPerAuditTask: 1 });
    const [row] = await ctx.db.select().from(drawSettings).where(eq(drawSettings.id, setup.version));
    expect(row?.config).toEqual(setup.config);
  });

  it('grants a free spin a day, pays the picked prize once through the ledger, and lists it', async () => {
    const earner = await registerEarner(ctx.app);
    expect(await status(earner)).toEqual({ spinsLeft: 1, history: [] });
    const before = await balanceOf(ctx.db, earner.userId);
    const { status: code, body } = await spin(earner, { idempotencyKey: newKey() });
    expect(code).toBe(200);
    const answer = body.data!;
    const setup = (await call<DrawSetup>(ctx.app, { method: 'GET', url: '/app/draw/config', token: earner.token })).body.data!;
    expect(answer.version).toBe(setup.version);
    expect(answer.amount).toBe(setup.config.prizes[answer.prizeIndex]!.amount);
    expect(answer).toMatchObject({ spinsLeft: 0, repeated: false });
    expect(await balanceOf(ctx.db, earner.userId)).toBe(before + answer.amount);
    const [transfer] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `spin:${answer.spinId}`));
    expect(transfer).toMatchObject({ reason: 'prize', amount: answer.amount });
    const after = await status(earner);
    expect(after.spinsLeft).toBe(0);
    expect(after.history).toEqual([{ spinId: answer.spinId, version: answer.version, prizeIndex: answer.prizeIndex, amount: answer.amount, spunAt: answer.spunAt }]);
  });

  it('answers a retry with the same key with the same prize, credited once', async () => {
    const earner = await registerEarner(ctx.app);
    await approvedAuditTask(earner);
    const key = newKey();
    const first = (await spin(earner, { idempotencyKey: key })).body.data!;
    const balance = await balanceOf(ctx.db, earner.userId);
    const rows = await countRows(ctx.db);
    const again = (await spin(earner, { idempotencyKey: key })).body.data!;
    expect(again).toEqual({ ...first, repeated: true });
    expect(await balanceOf(ctx.db, earner.userId)).toBe(balance);
    expect(await countRows(ctx.db)).toEqual(rows);
    // The spin left is still there for the next tap.
    expect(first.spinsLeft).toBe(1);
  });

  it('grants one spin per approved audit task, inside its payment, and none when the payment is repeated', async () => {
    const earner = await registerEarner(ctx.app);
    const runId = await approvedAuditTask(earner);
    expect((await status(earner)).spinsLeft).toBe(2);
    await ctx.db.transaction((tx) => payRun(tx, runId));
    expect((await status(earner)).spinsLeft).toBe(2);
    const spins = await ctx.db.select().from(drawSpins).where(eq(drawSpins.userId, earner.userId));
    expect(spins.map((s) => [s.source, s.grantKey])).toEqual([['audit_task', `audit:${runId}:1`]]);
    // A task of another kind grants no spin.
    const task = await createTask(ctx.db, { kind: 'joinGroup', reward: 1_00 }, ['open']);
    const [run] = await ctx.db.insert(taskRuns).values({ userId: earner.userId, taskId: task.id, period: 'once', seq: 1, status: 'passed' }).returning({ id: taskRuns.id });
    await ctx.db.transaction((tx) => payRun(tx, run!.id));
    expect((await status(earner)).spinsLeft).toBe(2);
  });

  it('refuses a spin with none left, in the earner language, and changes nothing', async () => {
    const earner = await registerEarner(ctx.app);
    await spin(earner, { idempotencyKey: newKey() });
    const rows = await countRows(ctx.db);
    const balance = await balanceOf(ctx.db, earner.userId);
    const en = await spin(earner, { idempotencyKey: newKey() });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: ErrorCode.noSpins, data: null });
    expect(en.body.msg).toMatch(/no spins left/);
    const ur = await spin(earner, { idempotencyKey: newKey() }, 'ur-PK');
    expect(ur.body.code).toBe(ErrorCode.noSpins);
    expect(ur.body.msg).toContain('اسپن');
    expect(await countRows(ctx.db)).toEqual(rows);
    expect(await balanceOf(ctx.db, earner.userId)).toBe(balance);
  });

  it('refuses a forged prize, amount or spin and wrong types with a readable message, changing nothing', async () => {
    const earner = await registerEarner(ctx.app);
    const rows = await countRows(ctx.db);
    const cases: [unknown, string][] = [
      [{ idempotencyKey: newKey(), prizeIndex: 7 }, 'The server chooses the prize'],
      [{ idempotencyKey: newKey(), amount: 500_00 }, 'The server chooses the prize'],
      [{ idempotencyKey: newKey(), spinId: 1 }, 'The server chooses the prize'],
      [{ idempotencyKey: 1234567890123456 }, 'Please tap Spin again'],
      [{ idempotencyKey: 'short' }, 'Please tap Spin again'],
      [{}, 'Please tap Spin again'],
      [[newKey()], 'The server chooses the prize'],
    ];
    for (const [payload, message] of cases) {
      const { status: code, body } = await spin(earner, payload);
      expect(code, JSON.stringify(payload)).toBe(400);
      expect(body.code).toBe(ErrorCode.validation);
      expect(body.msg, JSON.stringify(payload)).toContain(message);
    }
    const ur = await spin(earner, { idempotencyKey: newKey(), prizeIndex: 0 }, 'ur-PK');
    expect(ur.body.msg).toContain('انعام سرور چنتا ہے');
    expect(await countRows(ctx.db)).toEqual(rows);
    // The spin is still there.
    expect((await status(earner)).spinsLeft).toBe(1);
  });

  it("shows an earner's own spin, and answers another earner's spin id as unknown", async () => {
    const [owner, other] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const answer = (await spin(owner, { idempotencyKey: newKey() })).body.data!;
    const mine = await call<SpinResult>(ctx.app, { method: 'GET', url: `/app/draw/spin?spinId=${answer.spinId}`, token: owner.token });
    expect(mine.body.data).toMatchObject({ spinId: answer.spinId, prizeIndex: answer.prizeIndex, amount: answer.amount });
    const rows = await countRows(ctx.db);
    const theirs = await call(ctx.app, { method: 'GET', url: `/app/draw/spin?spinId=${answer.spinId}`, token: other.token, headers: { 'accept-language': 'ur-PK' } });
    const unknown = await call(ctx.app, { method: 'GET', url: '/app/draw/spin?spinId=999999999', token: other.token, headers: { 'accept-language': 'ur-PK' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    const bad = await call(ctx.app, { method: 'GET', url: '/app/draw/spin?spinId=abc', token: other.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('This spin could not be found');
    // The other earner reusing the owner's key spins their own spin, not the owner's.
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('keys are per earner: the same key from another earner is their own spin', async () => {
    const [a, b] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const key = newKey();
    const first = (await spin(a, { idempotencyKey: key })).body.data!;
    const second = (await spin(b, { idempotencyKey: key })).body.data!;
    expect(second.spinId).not.toBe(first.spinId);
    expect(second.repeated).toBe(false);
  });

  it('needs a session', async () => {
    const { status: code } = await call(ctx.app, { method: 'POST', url: '/app/draw/spin', payload: { idempotencyKey: newKey() } });
    expect(code).toBe(401);
  });
});
