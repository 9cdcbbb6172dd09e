import type { SignupFlag } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePeople, makeConsolePeople } from './console-fixtures';
import { call, PASSWORD, registerEarner, uniquePhone, useTestContext } from './helper';

// PGlite runs one transaction at a time: two sign-ups counted at once happen only on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('fraud flags kept under sign-ups arriving together (postgres)', () => {
  const ctx = useTestContext('postgres');
  const people = {} as ConsolePeople;
  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
  });

  it('counts every one of 16 parallel sign-ups from one browser under one inviter', async () => {
    const inviter = await registerEarner(ctx.app);
    const deviceId = `dev-${inviter.userId}-parallel-farm`;
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        call<{ userInfo: { id: number } }>(ctx.app, {
          method: 'POST',
          url: '/public/user/register',
          payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: inviter.inviteCode, deviceId },
        }),
      ),
    );
    const ids = answers.map((a) => a.body.data!.userInfo.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(16);
    const flags = (await call<{ items: SignupFlag[] }>(ctx.app, { method: 'GET', url: '/admin/team/signup-flags', token: people.admin.token })).body.data!.items;
    const mine = flags.filter((f) => f.inviterId === inviter.userId);
    expect(mine.map((f) => f.sharedBy).sort()).toEqual(['address', 'device']);
    for (const flag of mine) expect(flag).toMatchObject({ signups: 16, inviteeIds: ids, decision: null });
  });

  it('counts sign-ups written together by any path, without the locks of the sign-up route', async () => {
    // The route already queues sign-ups from one browser or address; the kept count must not lean
    // on that. Here 12 transactions write straight into the table at once and linger before commit.
    const inviter = await registerEarner(ctx.app);
    const earners = await Promise.all(Array.from({ length: 12 }, () => registerEarner(ctx.app)));
    const deviceId = `dev-${inviter.userId}-written-by-sql`;
    await Promise.all(
      earners.map((e) =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into signups (user_id, inviter_id, ip, device_id) values (${e.userId}, ${inviter.userId}, '10.9.9.9', ${deviceId})`);
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    const kept = await ctx.db.execute(sql`select shared_by, cardinality(invitee_ids) as signups, invitee_ids from signup_flag_groups where inviter_id = ${inviter.userId} order by shared_by`);
    const ids = earners.map((e) => e.userId).sort((a, b) => a - b);
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual([
      { shared_by: 'address', signups: 12, invitee_ids: ids },
      { shared_by: 'device', signups: 12, invitee_ids: ids },
    ]);
  });
});
