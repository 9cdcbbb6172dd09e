import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, useTestContext } from './helper';

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
