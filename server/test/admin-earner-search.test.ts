import type { EarnerProfile } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePeople, makeConsolePeople } from './console-fixtures';
import { call, countRows, engines, type Registered, registerEarner, useTestContext } from './helper';

/** The Earners screen's search by the "#id" every other console screen writes an earner with. */
describe.each(engines)('the console finds an earner by account id (%s)', (engine) => {
  const ctx = useTestContext(engine);
  const people = {} as ConsolePeople;
  /** An earner whose id has 5 digits or more, and another whose phone number holds those digits. */
  let named: Registered;
  let holder: Registered;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
    // Ids past 3 digits, so a bare id is long enough to search with and to sit inside a phone number.
    await ctx.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), greatest((select max(id) from users), 70000))`);
    named = await registerEarner(ctx.app);
    holder = await registerEarner(ctx.app, 'ROOT01', `8${named.userId}${String(process.pid).padStart(9, '0')}`.slice(0, 10));
  });

  const search = (q: string, token = people.admin.token, language = 'en-US') =>
    call<{ list: EarnerProfile[] }>(ctx.app, { method: 'GET', url: `/admin/earners/search?q=${encodeURIComponent(q)}`, token, headers: { 'accept-language': language } });
  const ids = async (q: string) => {
    const { status, body } = await search(q);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data?.list.map((e) => e.id);
  };

  it('finds "#id" as that one earner, never as a phone fragment', async () => {
    expect(holder.phone).toContain(String(named.userId));
    expect(await ids(`#${named.userId}`)).toEqual([named.userId]);
    // Spaces around, or between "#" and the digits, as pasted from a list; leading zeros name the same id.
    expect(await ids(`  # ${named.userId} `)).toEqual([named.userId]);
    expect(await ids(`#000${named.userId}`)).toEqual([named.userId]);
    const { body } = await search(`#${named.userId}`);
    expect(body.data?.list[0]).toMatchObject({ id: named.userId, inviteCode: named.inviteCode, role: 'earner' });
  });

  it('reads a bare number as the account id first, then the phone numbers holding it', async () => {
    const found = await ids(String(named.userId));
    expect(found?.[0]).toBe(named.userId);
    expect(found).toContain(holder.userId);
    // A fragment no id can be (past the id column) stays a phone search, without an error.
    expect(await ids(holder.phone.slice(-10))).toEqual([holder.userId]);
    expect(await ids(`+91${holder.phone.slice(-10)}`)).toEqual([holder.userId]);
  });

  it('finds nobody for an id no account has, and refuses what is not an id, changing nothing', async () => {
    const before = await countRows(ctx.db);
    for (const q of ['#0', '#00', '#99999999999', '#2147483648', '#2000000000']) expect(await ids(q), q).toEqual([]);
    const words = {
      number: "After #, write only the earner's number in digits, such as #123",
      search: "Search with 3 to 20 characters of a phone number or an invitation code, or with # and an earner's number, such as #123",
    };
    const refused: [string, string][] = [
      ['#', words.number],
      ['#abc', words.number],
      ['#12a', words.number],
      ['#-5', words.number],
      ['#1.5', words.number],
      ['##12', words.number],
      ['12', words.search],
      ['', words.search],
      ['#'.padEnd(21, '1'), words.search],
    ];
    for (const [q, msg] of refused) {
      const { status, body } = await search(q);
      expect([status, body.code, body.msg, body.data], q).toEqual([400, 400, msg, null]);
    }
    // The earner app's languages word it too.
    expect((await search('#abc', people.admin.token, 'hi-IN')).body.msg).toBe('# के बाद केवल अर्नर का नंबर अंकों में लिखें, जैसे #123');
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('answers only admins, whatever the id', async () => {
    for (const role of ['reviewer', 'payout', 'earner'] as const) {
      const { status, body } = await search(`#${named.userId}`, people[role].token);
      expect([status, body.data], role).toEqual([403, null]);
    }
    expect((await search(`#${named.userId}`, '')).status).toBe(401);
  });
});
