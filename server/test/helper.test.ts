import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EARNER, DEMO_REVIEWER } from '../src/seed/seed';
import { countRows, phoneOf, useTestContext } from './helper';

describe('countRows', () => {
  const ctx = useTestContext('pglite');

  it('counts every table of the schema, including the ones added since', async () => {
    const counts = await countRows(ctx.db);
    for (const table of ['users', 'ledger_entries', 'task_runs', 'submissions', 'uploads', 'signups', 'server_secrets', 'login_failures']) {
      expect(counts, table).toHaveProperty(table);
    }
    const tables = (await ctx.db.execute(
      sql.raw("select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"),
    )) as unknown as { rows: { n: number }[] };
    expect(Object.keys(counts)).toHaveLength(Number(tables.rows[0]?.n));
  });
});

describe('phoneOf', () => {
  it('never gives a seeded number, whatever the process id', () => {
    // A worker whose id ended in 0000 once registered its first earner as the demo reviewer.
    const seeded = new Set<string>([DEMO_EARNER.phone, DEMO_REVIEWER.phone]);
    for (const pid of [10000, 20000, 30000, 98765, 8765, 1, 9000, 4_194_304]) {
      for (const n of [1, 2, 43210, 99999]) {
        const phone = phoneOf(pid, n);
        expect(phone).toMatch(/^9[1-9]\d{8}$/);
        expect(seeded.has(phone), `${pid} ${n}`).toBe(false);
      }
    }
    expect(phoneOf(30000, 1)).not.toBe(phoneOf(30001, 1));
  });
});
