import { ErrorCode, type StandbyTime } from '@grab/shared/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { ledgerTransfers, presenceDays, taskRuns, tasks, users } from '../src/db/schema';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { call, engines, type Registered, registerEarner, testConfig, useTestContext } from './helper';

const DAY_MS = 24 * 3_600_000;
/** A day well ahead of the real one, so every earner's clock is moved into a quiet day of its own. */
const DAY0 = Math.floor(Date.now() / DAY_MS) * DAY_MS + 3 * DAY_MS;
const at = (seconds: number) => DAY0 + 10 * 3_600_000 + seconds * 1000;

const config = testConfig({ GRAB_TEST_HOOKS: '1', NODE_ENV: 'test', ONLINE_TARGET_MINUTES: '2', ONLINE_DAILY_CAP_MINUTES: '4', PRESENCE_FLUSH_MS: '50' });

describe.each(engines)('online time on %s', (engine) => {
  const ctx = useTestContext(engine, config);

  afterEach(async () => {
    expect(await reconcile(ctx.db)).toMatchObject(BOOKS_HOLD);
  });

  async function hangTaskId(): Promise<number> {
    const [row] = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.kind, 'hang'));
    return row!.id;
  }

  async function earnerAtLevel(level = 2): Promise<Registered> {
    const earner = await registerEarner(ctx.app);
    await ctx.db.update(users).set({ level }).where(eq(users.id, earner.userId));
    return earner;
  }

  /** One heartbeat from the earner's page at `ms` (the earner's own test clock). */
  async function beat(earner: Registered, ms: number, app = ctx.app) {
    await call(app, { method: 'POST', url: '/test/clock', token: earner.token, payload: { offsetMs: ms - Date.now() } });
    const taskId = await hangTaskId();
    return call<{ nextInSeconds: number }>(app, { method: 'GET', url: `/app/user/online?taskId=${taskId}`, token: earner.token });
  }

  async function standby(earner: Registered, language = 'en-US') {
    const taskId = await hangTaskId();
    return call<StandbyTime>(ctx.app, { method: 'GET', url: `/app/task/standby-time?taskId=${taskId}`, token: earner.token, headers: { 'accept-language': language } });
  }

  async function rowsOf(userId: number) {
    return ctx.db.select({ day: presenceDays.day, seconds: presenceDays.seconds }).from(presenceDays).where(eq(presenceDays.userId, userId)).orderBy(presenceDays.day);
  }

  /** Waits for the buffer's next flush to have carried the earner's beats to their rows. */
  async function flushedSeconds(userId: number, seconds: number[]) {
    await vi.waitFor(async () => expect((await rowsOf(userId)).map((r) => r.seconds)).toEqual(seconds), { timeout: 10_000, interval: 50 });
  }

  it('refuses every call without a token', async () => {
    const taskId = await hangTaskId();
    for (const url of [`/app/user/online?taskId=${taskId}`, `/app/task/standby-time?taskId=${taskId}`]) {
      const { status, body } = await call(ctx.app, { method: 'GET', url });
      expect(status).toBe(401);
      expect(body.code).toBe(401);
    }
  });

  it('counts two tabs of one earner once', async () => {
    const earner = await earnerAtLevel();
    for (const s of [0, 30, 60, 90, 120]) {
      expect((await beat(earner, at(s))).body.data).toEqual({ nextInSeconds: 30 });
      // The second tab beats a moment later in the same half-minute.
      await beat(earner, at(s + 2));
    }
    await flushedSeconds(earner.userId, [120]);
    const view = (await standby(earner)).body.data!;
    expect(view).toMatchObject({ state: 'online', todayMinutes: 2, totalMinutes: 2, targetMinutes: 2, capMinutes: 4 });
  });

  it('ends a session at a gap longer than two heartbeats, and bridges one missed beat', async () => {
    const earner = await earnerAtLevel();
    // 0-60 s, then nothing for 120 s (ended), then 180-240 s: two minutes, not four.
    for (const s of [0, 30, 60, 180, 210, 240]) await beat(earner, at(s));
    await flushedSeconds(earner.userId, [120]);
    // One missed beat (a 60 s gap) still counts the minute between.
    for (const s of [600, 660]) await beat(earner, at(s));
    await flushedSeconds(earner.userId, [180]);
    const view = (await standby(earner)).body.data!;
    expect(view.todayMinutes).toBe(3);
    // Long after the last beat the earner is no longer online.
    await call(ctx.app, { method: 'POST', url: '/test/clock', token: earner.token, payload: { offsetMs: at(1_000) - Date.now() } });
    expect((await standby(earner)).body.data!.state).toBe('notOnline');
  });

  it('splits presence at the UTC day boundary', async () => {
    const earner = await earnerAtLevel();
    const midnight = DAY0 + DAY_MS;
    for (const s of [-60, -30, 0, 30, 60]) await beat(earner, midnight + s * 1000);
    // Yesterday: its last two half-minutes (30 s); today: three (60 s). The session restarts at midnight.
    await flushedSeconds(earner.userId, [30, 60]);
    const rows = await rowsOf(earner.userId);
    expect(rows.map((r) => r.day)).toEqual([new Date(DAY0).toISOString().slice(0, 10), new Date(midnight).toISOString().slice(0, 10)]);
    const view = (await standby(earner)).body.data!;
    expect(view).toMatchObject({ todayMinutes: 1, totalMinutes: 1 });
  });

  it('credits the reward once per target through the ledger, up to the daily cap', async () => {
    const earner = await earnerAtLevel();
    const before = await balanceOf(ctx.db, earner.userId);
    const [task] = await ctx.db.select().from(tasks).where(eq(tasks.kind, 'hang'));
    // Nine minutes online; the cap counts four, which is two targets of two minutes.
    for (let s = 0; s <= 540; s += 30) await beat(earner, at(s));
    await flushedSeconds(earner.userId, [540]);
    // The page asks many times at once (several tabs): the credits are paid once.
    const views = await Promise.all(Array.from({ length: 8 }, () => standby(earner)));
    for (const { body } of views) expect(body.data).toMatchObject({ todayMinutes: 4, credits: { done: 2, total: 2 }, state: 'completed' });
    const runs = await ctx.db.select().from(taskRuns).where(and(eq(taskRuns.userId, earner.userId), eq(taskRuns.taskId, task!.id)));
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed']);
    const transfers = await ctx.db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, 'task-run:%'));
    expect(transfers.filter((t) => runs.some((r) => t.idempotencyKey === `task-run:${r.id}`))).toHaveLength(2);
    expect(await balanceOf(ctx.db, earner.userId)).toBe(before + 2 * task!.reward);
    expect((await standby(earner)).body.data!.creditedToday).toBe(2 * task!.reward);
  });

  it('credits from the flush itself, without the page asking', async () => {
    const earner = await earnerAtLevel();
    const [task] = await ctx.db.select().from(tasks).where(eq(tasks.kind, 'hang'));
    for (let s = 0; s <= 120; s += 30) await beat(earner, at(s));
    await vi.waitFor(async () => {
      const runs = await ctx.db.select().from(taskRuns).where(and(eq(taskRuns.userId, earner.userId), eq(taskRuns.taskId, task!.id)));
      expect(runs.map((r) => r.status)).toEqual(['completed']);
    }, { timeout: 10_000, interval: 50 });
  });

  it('counts presence below the task level but credits nothing', async () => {
    const earner = await earnerAtLevel(1);
    for (let s = 0; s <= 180; s += 30) await beat(earner, at(s));
    await flushedSeconds(earner.userId, [180]);
    const view = (await standby(earner)).body.data!;
    expect(view).toMatchObject({ locked: true, minLevel: 2, earnerLevel: 1, todayMinutes: 3, credits: { done: 0, total: 2 } });
  });

  it('refuses bad input with a message in the earner language and changes no row', async () => {
    const earner = await earnerAtLevel();
    const [audit] = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.kind, 'audit'));
    for (const query of ['taskId=abc', 'taskId=-1', '', `taskId=${audit!.id}`, 'taskId=99999999']) {
      const { status, body } = await call(ctx.app, { method: 'GET', url: `/app/user/online?${query}`, token: earner.token, headers: { 'accept-language': 'ur-PK' } });
      expect(status).not.toBe(200);
      expect([ErrorCode.validation, ErrorCode.notFound]).toContain(body.code);
      // Urdu script, not an English fallback or a stack.
      expect(body.msg).toMatch(/[\u0600-\u06FF]/);
    }
    const { body } = await call(ctx.app, { method: 'GET', url: '/app/task/standby-time?taskId=x', token: earner.token, headers: { 'accept-language': 'ur-PK' } });
    expect(body.code).toBe(ErrorCode.validation);
    expect(body.msg).toMatch(/[\u0600-\u06FF]/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf(earner.userId)).toEqual([]);
  });

  it('flushes every noted heartbeat on a graceful stop', async () => {
    // A second process on the same database with a flush far away: only its close can write.
    const other = await buildApp({ database: ctx.database, config: { ...config, online: { ...config.online, flushMs: 1_000 } } });
    await other.ready();
    const earner = await earnerAtLevel();
    for (const s of [0, 30, 60]) expect((await beat(earner, at(s), other)).status).toBe(200);
    await other.close();
    expect((await rowsOf(earner.userId)).map((r) => r.seconds)).toEqual([60]);
  });

  it('merges the same earner from two processes and parallel beats without counting twice', async () => {
    const second = await buildApp({ database: ctx.database, config });
    await second.ready();
    try {
      const earners = await Promise.all(Array.from({ length: 6 }, () => earnerAtLevel()));
      const taskId = await hangTaskId();
      // Both processes on one clock per earner: set it once, through each process.
      for (let s = 0; s <= 300; s += 30) {
        await Promise.all(
          earners.flatMap((earner) =>
            [ctx.app, second].map(async (app) => {
              await call(app, { method: 'POST', url: '/test/clock', token: earner.token, payload: { offsetMs: at(s) - Date.now() } });
              const { status } = await call(app, { method: 'GET', url: `/app/user/online?taskId=${taskId}`, token: earner.token });
              expect(status).toBe(200);
            }),
          ),
        );
      }
      for (const earner of earners) await flushedSeconds(earner.userId, [300]);
    } finally {
      await second.close();
    }
  });
});
