import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, registerEarner, type Registered, useTestContext } from './helper';

/**
 * Home's task list grows with the catalogue past the compression plugin's own limit for compressing
 * in one call (8 KB on two cores), above which it streams the answer through the thread pool: more
 * turns of the event loop, and under load the list came last among Home's reads. Answers up to
 * 64 KB are compressed in one call: they leave whole, with their length.
 */
describe.each(engines)('compressed answers on %s', (engine) => {
  const ctx = useTestContext(engine);
  let earner: Registered;

  beforeAll(async () => {
    // Every listed task again, with its steps: a catalogue twice the seed's.
    await ctx.db.execute(sql`
      DO $$
      DECLARE
        v_columns text;
        v_task record;
        v_copy integer;
      BEGIN
        SELECT string_agg(quote_ident(column_name), ', ') INTO v_columns
        FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'tasks' AND column_name <> 'id';
        FOR v_task IN SELECT id FROM tasks WHERE active ORDER BY id LOOP
          EXECUTE format('INSERT INTO tasks (%s) SELECT %s FROM tasks WHERE id = $1 RETURNING id', v_columns, v_columns) INTO v_copy USING v_task.id;
          INSERT INTO task_steps (task_id, position, h5_url, title, action)
          SELECT v_copy, position, h5_url, title, action FROM task_steps WHERE task_id = v_task.id;
        END LOOP;
      END $$`);
    earner = await registerEarner(ctx.app);
  });

  const list = (encoding: string) =>
    ctx.app.inject({ method: 'GET', url: '/app/task/list', headers: { authorization: `Bearer ${earner.token}`, 'accept-encoding': encoding } });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('sends a list over 8 KB compressed with %s in one piece, its length given', async (encoding, decompress) => {
    const plain = await list('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const size = Buffer.byteLength(plain.body);
    expect(size).toBeGreaterThan(8 * 1024);
    expect(size).toBeLessThanOrEqual(64 * 1024);

    const compressed = await list(encoding);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    // A streamed answer goes out in chunks with no length; one compressed in one call carries it.
    expect(compressed.headers['transfer-encoding']).toBeUndefined();
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(decompress(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
