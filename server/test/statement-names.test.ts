import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { useTestContext } from './helper';

// PostgreSQL only: drizzle's statements are prepared once per connection (src/db/statement-names.ts).
describe.skipIf(!process.env.DATABASE_URL)('statements prepared once per PostgreSQL connection', () => {
  const ctx = useTestContext('postgres');

  it("keeps drizzle's statement under a name on the connection and answers it from there again", async () => {
    // One transaction holds one connection: each statement meets the ones before it.
    const { found, prepared } = await ctx.db.transaction(async (tx) => {
      const found = [];
      for (const phone of ['+910000000001', '+910000000002', '+910000000003']) {
        found.push(...(await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))));
      }
      const prepared = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement like ${'select "id" from "users"%'}`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return { found, prepared: prepared.rows };
    });
    expect(found).toEqual([]);
    expect(prepared).toEqual([{ name: expect.stringMatching(/^grab_\d+$/), statement: 'select "id" from "users" where "users"."phone" = $1' }]);
  });
});
