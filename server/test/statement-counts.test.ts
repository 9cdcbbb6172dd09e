import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import { presenceDays, tasks } from '../src/db/schema';
import { describe, expect, it } from 'vitest';
import { call, registerEarner, testConfig, useTestContext } from './helper';
import { createTask } from './tasks-fixtures';

/**
 * PGlite runs on the server's own thread, and each statement costs that thread about half a
 * millisecond whatever it does (bench/README.md), so how many statements an earner's frequent
 * calls send is what decides how many earners one embedded process holds. A change that sends
 * more, or fewer, changes a figure here on purpose and says why.
 */
describe('statements an earner call sends to the embedded database', () => {
  // Caches bounded in time are kept long enough here that a busy machine's slow minute cannot
  // expire one between two calls and add a read the earner's call would not usually send.
  const ctx = useTestContext('pglite', testConfig({ SESSION_CACHE_MS: '60000', CATALOGUE_CACHE_MS: '600000' }));

  /**
   * Counts every statement (a transaction's begin and commit too) that `act` makes the instance
   * run: each takes the instance's query lock once. The job queue and the process's timers share
   * the instance; their statements start outside `act`'s asynchronous context and are not counted.
   */
  async function statementsOf(act: () => Promise<unknown>): Promise<number> {
    // drizzle holds the instance itself as its client.
    const client = (ctx.db as unknown as { $client: { _runExclusiveQuery: (fn: () => Promise<unknown>) => Promise<unknown> } }).$client;
    const original = client._runExclusiveQuery;
    const mine = new AsyncLocalStorage<true>();
    let count = 0;
    client._runExclusiveQuery = (fn) => {
      if (mine.getStore()) count += 1;
      return original.call(client, fn);
    };
    try {
      await mine.run(true, act);
    } finally {
      client._runExclusiveQuery = original;
    }
    return count;
  }

  it('keeps a task step, a collect and Home uncached to a few statements each', async () => {
    const earner = await registerEarner(ctx.app);
    const task = await createTask(ctx.db, { schedule: 'recurring', resetTime: '00:00', timesPerPeriod: 100 }, ['open']);
    const send = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const { body } = await call(ctx.app, { method, url, token: earner.token, payload });
      expect(body.code, url).toBe(200);
    };
    const home = () => [send('POST', '/app/user/info', {}), send('GET', '/app/user/assetInfo'), send('GET', '/app/task/list')];
    await Promise.all(home());

    for (let round = 0; round < 2; round++) {
      // Begin, the task with its steps and the earner, the period's runs, the new run, its step, commit.
      expect(await statementsOf(() => send('POST', '/app/task/leading-task', { taskId: task.id, stepId: task.stepIds[0] }))).toBe(6);
      // Begin, the waiting run, its payment (one ledger function), the balance, commit; before the
      // first, once a process, the earner's uplines, whose cached reads a collect drops too.
      expect(await statementsOf(() => send('GET', `/app/task/collect?taskId=${task.id}`))).toBe(round === 0 ? 6 : 5);
      // After the earner's own step and collect their cached answers are stale: Home's three calls read again.
      expect(await statementsOf(() => send('POST', '/app/user/info', {}))).toBe(1);
      // The ledger's assets and the pending rewards, one statement.
      expect(await statementsOf(() => send('GET', '/app/user/assetInfo'))).toBe(1);
      expect(await statementsOf(() => send('GET', '/app/task/list'))).toBe(1);
    }
    // Nothing written since: Home is answered from the process's caches.
    expect(await statementsOf(() => Promise.all(home()))).toBe(0);
    // The counting itself is alive: a plain read is one statement.
    expect(await statementsOf(async () => await ctx.db.execute(sql`select 1`))).toBe(1);
  });

  it("keeps one earner's Home cached through another earner's step, collect and heartbeats, and drops it for a write of everyone's", async () => {
    const [earner, other] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const task = await createTask(ctx.db, { schedule: 'recurring', resetTime: '00:00', timesPerPeriod: 100 }, ['open']);
    const [hang] = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.kind, 'hang'));
    const send = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const { body } = await call(ctx.app, { method, url, token, payload });
      expect(body.code, url).toBe(200);
    };
    const home = () => Promise.all([send(earner.token, 'POST', '/app/user/info', {}), send(earner.token, 'GET', '/app/user/assetInfo'), send(earner.token, 'GET', '/app/task/list')]);
    await home();
    expect(await statementsOf(home)).toBe(0);

    await send(other.token, 'POST', '/app/task/leading-task', { taskId: task.id, stepId: task.stepIds[0] });
    await send(other.token, 'GET', `/app/task/collect?taskId=${task.id}`);
    // The heartbeat is merged by the buffer within a second; its row shows the merge has run.
    await send(other.token, 'GET', `/app/user/online?taskId=${hang?.id}`);
    const merged = async () => (await ctx.db.select().from(presenceDays).where(eq(presenceDays.userId, other.userId))).length > 0;
    const started = Date.now();
    while (!(await merged()) && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await merged()).toBe(true);
    expect(await statementsOf(home)).toBe(0);

    // A write no code scoped (an operator's, a relay's, a withdrawal batch's) may change anyone's.
    await ctx.db.execute(sql`update users set language = language where id = ${other.userId}`);
    expect(await statementsOf(home)).toBe(3);
  });
});
