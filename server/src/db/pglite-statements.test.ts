import * as pglite from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { namedStatements } from './pglite-statements';

describe('statements prepared once on the embedded database', () => {
  let db: PGlite;
  let clock = 0;
  const now = () => clock;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table items (id serial primary key, name text not null unique, tags text[], meta jsonb,
      at timestamptz, amount bigint)`);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    clock = 0;
    await db.exec('deallocate all; truncate items restart identity');
  });

  const names = async () => (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  it("answers as PGlite's own query does, whatever the parameters' types", async () => {
    const { query } = namedStatements(db, pglite, { now });
    const insert = 'insert into items (name, tags, meta, at, amount) values ($1, $2, $3, $4, $5) returning *';
    const at = new Date('2026-12-06T10:00:00Z');
    const params = ['a', ['x', 'y'], { nested: [1, 2] }, at, 9_007_199_254_740_000n];
    const ours = await query(insert, params);
    const theirs = await db.query(insert, ['b', ...params.slice(1)]);
    expect(ours.rows).toEqual([{ ...(theirs.rows[0] as object), id: 1, name: 'a' }]);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    // With nulls, in array row mode, and a statement without parameters.
    const select = 'select id, name, tags, meta from items where name = $1 or $2::text is null order by id';
    expect((await query(select, ['zz', null], { rowMode: 'array' })).rows).toEqual((await db.query(select, ['zz', null], { rowMode: 'array' })).rows);
    expect((await query('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }]);
  });

  it('prepares a text once and uses it under its name after', async () => {
    const { query } = namedStatements(db, pglite, { now });
    for (const name of ['a', 'b', 'c']) await query('insert into items (name) values ($1)', [name]);
    await query('select * from items where id = $1', [1]);
    expect(await names()).toEqual(['grab_0', 'grab_1']);
    expect((await db.query('select count(*)::int as n from items')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares a text again, under a new name, once its plan is older than the lifetime, and closes the old one', async () => {
    const { query } = namedStatements(db, pglite, { now, planLifetimeMs: 1000 });
    await query('select * from items where id = $1', [1]);
    clock = 999;
    await query('select * from items where id = $1', [1]);
    expect(await names()).toEqual(['grab_0']);
    clock = 1001;
    expect((await query('select count(*)::int as n from items where id = $1', [1])).rows).toEqual([{ n: 0 }]);
    await query('select * from items where id = $1', [1]);
    expect(await names()).toEqual(['grab_1', 'grab_2']);
  });

  it('keeps no more than `max` texts and answers the rest through the unnamed statement', async () => {
    const { query } = namedStatements(db, pglite, { now, max: 2 });
    for (let n = 1; n <= 5; n++) expect((await query(`select ${n} + $1::int as n`, [1])).rows).toEqual([{ n: n + 1 }]);
    expect(await names()).toEqual(['grab_0', 'grab_1']);
  });

  it('fails a statement with its error and text, and goes on answering', async () => {
    const { query } = namedStatements(db, pglite, { now });
    await query('insert into items (name) values ($1)', ['a']);
    const failure = await query('insert into items (name) values ($1)', ['a']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: 'insert into items (name) values ($1)', params: ['a'] });
    const syntax = await query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601', query: 'selec 1' });
    expect((await query('select count(*)::int as n from items')).rows).toEqual([{ n: 1 }]);
  });

  it("runs a transaction's statements inside it, keeps names prepared there after a rollback, and waits outside for it", async () => {
    const statements = namedStatements(db, pglite, { now });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      const query = statements.inTransaction(tx);
      await query('insert into items (name) values ($1)', ['in-tx']);
      await held;
      order.push('tx done');
      await tx.rollback();
    });
    // Outside, a statement waits for the open transaction, as PGlite's own query does.
    const outside = statements.query('select count(*)::int as n from items').then((result) => {
      order.push('outside');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
    expect(order).toEqual(['tx done', 'outside']);
    // The name prepared inside the rolled-back transaction still works.
    await statements.query('insert into items (name) values ($1)', ['after']);
    expect((await db.query('select name from items')).rows).toEqual([{ name: 'after' }]);
    expect(await names()).toEqual(['grab_0', 'grab_1']);
  });

  it('refuses a statement on a closed transaction, as PGlite does', async () => {
    const statements = namedStatements(db, pglite, { now });
    let closed: pglite.Transaction | undefined;
    await db.transaction(async (tx) => {
      closed = tx;
    });
    if (!closed) throw new Error('no transaction');
    await expect(statements.inTransaction(closed)('select 1')).rejects.toThrow('Transaction is closed');
  });
});
