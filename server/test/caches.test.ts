import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { eq } from 'drizzle-orm';
import { tasks, users } from '../src/db/schema';
import { call, engines, registerEarner, testConfig, useTestContext } from './helper';
import { makeReviewer } from './reviews-fixtures';

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
