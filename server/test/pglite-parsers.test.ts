import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { useTestContext } from './helper';

// The embedded database reads drizzle's text types as text once for all, instead of being told so
// with every statement (pglite-parsers.ts). What each user of the instance reads must not change.
describe('what the embedded database answers its two users', () => {
  const ctx = useTestContext('pglite');

  it('gives drizzle dates, times and intervals as PostgreSQL writes them, and its own columns as dates', async () => {
    const raw = await ctx.db.execute(sql`
      select timestamptz '2026-12-06 10:00:00+00' as at, date '2026-12-06' as day, interval '90 minutes' as span,
             array[timestamptz '2026-12-06 10:00:00+00'] as ats, array[1.50, 2.25]::numeric[] as amounts,
             array[3, 4]::int[] as ids, 7::int as n, true as yes, '{"a":1}'::jsonb as doc`);
    const [row] = (raw as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(row).toEqual({
      at: '2026-12-06 10:00:00+00',
      day: '2026-12-06',
      span: '01:30:00',
      ats: '{"2026-12-06 10:00:00+00"}',
      amounts: '{1.50,2.25}',
      ids: [3, 4],
      n: 7,
      yes: true,
      doc: { a: 1 },
    });
    // Inside a transaction too, where statements go through another object of the instance's.
    const inTransaction = await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select({ createdAt: users.createdAt }).from(users).limit(1);
      const text = await tx.execute(sql`select timestamptz '2026-12-06 10:00:00+00' as at`);
      return { user, at: (text as unknown as { rows: { at: unknown }[] }).rows[0]?.at };
    });
    expect(inTransaction.user?.createdAt).toBeInstanceOf(Date);
    expect(inTransaction.at).toBe('2026-12-06 10:00:00+00');
  });

  it("sends drizzle's statements without copying the instance's parsers, in a transaction or not", async () => {
    // PGlite copies its table of parsers for a statement that brings its own: the copy lists the
    // table's keys, which a proxy over the table counts. Only this test's own statements count,
    // not the job queue's polling meanwhile.
    const client = (ctx.db as unknown as { $client: { parsers: Record<number, unknown> } }).$client;
    const original = client.parsers;
    const mine = new AsyncLocalStorage<true>();
    let copies = 0;
    client.parsers = new Proxy(original, {
      ownKeys(target) {
        if (mine.getStore()) copies += 1;
        return Reflect.ownKeys(target);
      },
    });
    try {
      const drizzleCopies = await mine.run(true, async () => {
        await ctx.db.select({ id: users.id, createdAt: users.createdAt }).from(users).limit(2);
        await ctx.db.execute(sql`select now() as at`);
        await ctx.db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).limit(1);
          await tx.execute(sql`select now() as at`);
        });
        return copies;
      });
      expect(drizzleCopies).toBe(0);
      // The job queue's statements ask for PGlite's own parsers of those types, and copy: the count works.
      await mine.run(true, () => ctx.database.jobs.executeSql('select now() as at'));
      expect(copies).toBeGreaterThan(0);
    } finally {
      client.parsers = original;
    }
  });

  it('gives the job queue dates as dates, as PGlite does by default', async () => {
    const { rows } = await ctx.database.jobs.executeSql('select timestamptz \'2026-12-06 10:00:00+00\' as at, array[3, 4]::int[] as ids');
    expect(rows).toEqual([{ at: new Date('2026-12-06T10:00:00Z'), ids: [3, 4] }]);
    const [block] = (await ctx.database.jobs.executeSql("select timestamptz '2026-12-06 10:00:00+00' as at")).rows as { at: unknown }[];
    expect(block?.at).toBeInstanceOf(Date);
  });
});
