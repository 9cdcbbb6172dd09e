import { defineConfig } from 'drizzle-kit';

// The same generated SQL runs on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
