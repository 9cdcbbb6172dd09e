import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, engines, useTestContext } from './helper';

// A database restart or failover drops every connection at once. The server must keep answering
// with new connections instead of dying on the dropped ones' error events. PGlite runs inside the
// process and has no connections to lose: there the suite only checks the health answer.
describe.each(engines)('lost connections (%s)', (engine) => {
  const ctx = useTestContext(engine);

  it('answers its health check', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/health' })).status).toBe(200);
  });

  if (engine !== 'postgres') return;

  it('keeps answering after the database terminates every connection of the pool', async () => {
    // Two connections are busy in the pool, then both are killed from outside.
    await Promise.all([ctx.db.execute(sql`select pg_sleep(0.05)`), ctx.db.execute(sql`select pg_sleep(0.05)`)]);
    const killed = await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    await ctx.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));

    let status = 0;
    // The first calls may still meet a dead connection; the pool replaces it.
    for (let attempt = 0; attempt < 5 && status !== 200; attempt++) status = (await call(ctx.app, { method: 'GET', url: '/health' })).status;
    expect(status).toBe(200);
  });
});
