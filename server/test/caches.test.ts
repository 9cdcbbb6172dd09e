import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { eq } from 'drizzle-orm';
import { tasks, users } from '../src/db/schema';
import { call, engines, registerEarner, testConfig, useTestContext } from './helper';
import { makeReviewer } from './reviews-fixtures';
import { RELAY_INTERVAL_MS } from '../src/modules/wallet/payout-queue';

// Two API processes over one database, as behind a load balancer: what one process remembers must
// never outlive a revocation made through the other by more than the configured window.
describe.each(engines)('per-process caches (%s)', (engine) => {
  const windowMs = 300;
  const config = testConfig({ SESSION_CACHE_MS: String(windowMs), CATALOGUE_CACHE_MS: String(windowMs) });
  const ctx = useTestContext(engine, config);
  let other: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    other = await buildApp({ database: ctx.database, config });
    await other.ready();
  });

  afterAll(async () => {
    await other.close();
  });

  it('refuses a token revoked through another process within the window, and at once in this one', async () => {
    const earner = await registerEarner(ctx.app);
    expect((await call(other, { method: 'POST', url: '/app/user/info', token: earner.token })).status).toBe(200);

    const out = await call(ctx.app, { method: 'POST', url: '/app/user/logout', token: earner.token });
    expect(out.body.code).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token })).status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    expect((await call(other, { method: 'POST', url: '/app/user/info', token: earner.token })).status).toBe(401);
  });

  it('takes a reviewer role away within the window', async () => {
    const someone = await registerEarner(ctx.app);
    await makeReviewer(ctx.db, someone.userId);
    const list = () => call(ctx.app, { method: 'GET', url: '/admin/review/list', token: someone.token });
    expect((await list()).status).toBe(200);
    await ctx.db.update(users).set({ role: 'earner' }).where(eq(users.id, someone.userId));
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    expect((await list()).status).toBe(403);
  });

  it("keeps an idle process's cached reads: the job queue's polls and the relay of an empty outbox write nothing", async () => {
    const { jobs, db, writes } = ctx.database;
    let polls = 0;
    let reads = 0;
    const executeSql = jobs.executeSql;
    const execute = db.execute;
    jobs.executeSql = (text, values) => {
      polls++;
      return executeSql.call(jobs, text, values);
    };
    // Nothing else asks through drizzle while no request comes: these are the relay's looks at the outbox.
    db.execute = ((query: Parameters<typeof execute>[0]) => {
      reads++;
      return execute.call(db, query);
    }) as typeof execute;
    try {
      const earner = await registerEarner(ctx.app);
      const assets = () => call(ctx.app, { method: 'GET', url: '/app/user/assetInfo', token: earner.token });
      expect((await assets()).status).toBe(200);
      const epoch = writes.epoch;
      polls = 0;
      reads = 0;
      // Waits for what the timers do on their own: several polls, and two timed relays.
      const started = Date.now();
      while ((polls < 4 || reads < 2) && writes.epoch === epoch && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, RELAY_INTERVAL_MS / 4));
      expect(writes.epoch).toBe(epoch);
      expect([polls >= 4, reads >= 2]).toEqual([true, true]);
      expect((await assets()).status).toBe(200);
      expect(writes.epoch).toBe(epoch);
    } finally {
      jobs.executeSql = executeSql;
      db.execute = execute;
    }
  });

  it('shows a catalogue edit within the window', async () => {
    const earner = await registerEarner(ctx.app);
    const before = await call<unknown[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: earner.token });
    await ctx.db.update(tasks).set({ active: false });
    await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
    const after = await call<unknown[]>(ctx.app, { method: 'GET', url: '/app/task/list', token: earner.token });
    expect(before.body.data!.length).toBeGreaterThan(0);
    expect(after.body.data).toEqual([]);
    await ctx.db.update(tasks).set({ active: true });
  });
});
