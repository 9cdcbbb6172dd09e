import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers, loginFailures, userAncestors, users } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/credentials';
import { findLiveSessions } from '../src/modules/auth/sessions.repository';
import { entriesSum } from '../src/modules/ledger/ledger.service';
import { call, countRows, engines, PASSWORD, registerEarner, uniquePhone, useTestContext } from './helper';

describe.each(engines)('auth on %s', (engine) => {
  const ctx = useTestContext(engine);

  it('registers with the root code, credits the welcome bonus once and returns a session', async () => {
    const phone = uniquePhone();
    const { status, body } = await call<{ token: string; userInfo: { id: number; asset: number; phone: string; thirdName: string } }>(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      payload: { country: 'IN', phone: ` ${phone} `, password: PASSWORD, rePassword: PASSWORD, inviteCode: 'root01' },
    });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data?.userInfo.phone).toBe(`+91${phone}`);
    expect(body.data?.userInfo.asset).toBe(10000);
    expect(body.data?.userInfo.thirdName).not.toContain(phone.slice(2, 6));
    const userId = body.data!.userInfo.id;
    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(entries).toHaveLength(1);
    const [welcome] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, entries[0]!.transferId));
    expect(welcome?.idempotencyKey).toBe(`welcome:${userId}`);
    expect(await entriesSum(ctx.db, userId)).toBe(10000);

    const again = await call(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      payload: { country: 'IN', phone: `+91 ${phone}`, password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 1001, data: null, msg: 'This phone number is already registered' });
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).toHaveLength(1);
  });

  it('gives one account and one bonus when the same phone registers twice at once', async () => {
    const phone = uniquePhone();
    const payload = { country: 'IN', phone, password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' };
    const results = await Promise.all([1, 2, 3].map(() => call(ctx.app, { method: 'POST', url: '/public/user/register', payload })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 1001)).toHaveLength(2);
    const rows = await ctx.db.select().from(users).where(eq(users.phone, `+91${phone}`));
    expect(rows).toHaveLength(1);
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, rows[0]!.id))).toHaveLength(1);
  });

  it('links a team up to five levels and counts it in shareInfo', async () => {
    const chain = [await registerEarner(ctx.app)];
    for (let i = 0; i < 6; i++) chain.push(await registerEarner(ctx.app, chain[chain.length - 1]!.inviteCode));
    const top = chain[0]!;
    // A second direct invitee of the top earner.
    await registerEarner(ctx.app, top.inviteCode.toLowerCase());
    const ancestors = await ctx.db.select().from(userAncestors).where(eq(userAncestors.userId, chain[6]!.userId));
    expect(ancestors.map((a) => a.depth).sort()).toEqual([1, 2, 3, 4, 5]);
    const { body } = await call<{ inviteCode: string; shareLink: string; totalInvites: number; directInvites: number; totalBonus: number }>(ctx.app, {
      method: 'POST',
      url: '/app/user/shareInfo',
      token: top.token,
      // A forged Host header must not reach the link: it is built on this server's own address.
      headers: { host: 'evil.example:8080' },
    });
    expect(body.code).toBe(200);
    // Six below in the chain, but the sixth is beyond five levels; plus the second direct invitee.
    expect(body.data?.totalInvites).toBe(6);
    expect(body.data?.directInvites).toBe(2);
    expect(body.data?.totalBonus).toBe(0);
    expect(body.data?.shareLink).toBe(`http://127.0.0.1:8080/register?shareCode=${top.inviteCode}`);
  });

  it('refuses an unknown invitation code and an invalid phone, changing nothing', async () => {
    const before = await countRows(ctx.db);
    const unknown = await call(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: 'NOPE99' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 1003, data: null, msg: 'This invitation code does not exist' });
    const invalid = await call(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      payload: { country: 'IN', phone: '12345', password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' },
    });
    expect(invalid.body).toEqual({ code: 400, data: null, msg: 'Please enter a valid phone number' });
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('logs in with the demo earner and refuses a wrong password', async () => {
    const ok = await call<{ token: string; userInfo: { phone: string; currency: string } }>(ctx.app, {
      method: 'POST',
      url: '/login',
      payload: { country: 'IN', phone: '9876543210', password: 'grab-demo-2026' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data?.userInfo).toMatchObject({ phone: '+919876543210', currency: 'INR' });
    const bad = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: '9876543210', password: 'wrong-password' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 1002, data: null, msg: 'Wrong phone number or password' });
    const unknown = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD } });
    expect(unknown.body.code).toBe(1002);
  });

  it('logs in with a password typed in either form of its accented letters, also for an account made before they were made one', async () => {
    const [composed, decomposed] = ['Café-sécurité', 'Cafe\u0301-se\u0301curite\u0301'];
    expect(composed).not.toBe(decomposed);
    const login = (phone: string, password: string) => call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone, password } });
    const phone = uniquePhone();
    const made = await call(ctx.app, { method: 'POST', url: '/public/user/register', payload: { country: 'IN', phone, password: decomposed, rePassword: decomposed, inviteCode: 'ROOT01' } });
    expect(made.status).toBe(200);
    expect((await login(phone, composed)).status).toBe(200);
    expect((await login(phone, decomposed)).status).toBe(200);
    // An older account whose hash holds the decomposed form as it was typed.
    const older = await registerEarner(ctx.app);
    const argon2 = (await import('argon2')).default;
    await ctx.db.update(users).set({ passwordHash: await argon2.hash(decomposed, { type: argon2.argon2id }) }).where(eq(users.id, older.userId));
    expect((await login(older.phone, composed)).status).toBe(200);
    expect((await login(older.phone, decomposed)).status).toBe(200);
    expect((await login(older.phone, 'Cafe-securite')).body.code).toBe(1002);
  });

  it('throttles a phone after five failures, even with the right password, and tells the minutes', async () => {
    const earner = await registerEarner(ctx.app);
    for (let i = 0; i < 5; i++) {
      const r = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: `wrong-${i}-pass` } });
      expect(r.body.code).toBe(1002);
    }
    const blocked = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(429);
    expect(blocked.body.msg).toMatch(/^Too many attempts\. Please try again in (1[0-5]|[1-9]) min$/);
    // Once the window has passed, the right password works again from this address.
    await ctx.db.update(loginFailures).set({ createdAt: sql`now() - interval '16 minutes'` }).where(eq(loginFailures.phone, `+91${earner.phone}`));
    await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: 'wrong-again-1' } });
    const after = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(after.status).toBe(200);
    // Attempts older than the longest window (an hour) are pruned as new ones arrive.
    await ctx.db.update(loginFailures).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(loginFailures.phone, `+91${earner.phone}`));
    await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: 'wrong-again-2' } });
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.phone, `+91${earner.phone}`))).toHaveLength(1);
  });

  it('throttles an address after thirty failures across phones', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < 30; i++) {
      await ctx.db.insert(loginFailures).values({ phone: `+9100000${i}`, ip: remoteAddress });
    }
    const earner = await registerEarner(ctx.app);
    const blocked = await call(ctx.app, {
      method: 'POST',
      url: '/login',
      headers,
      remoteAddress,
      payload: { country: 'IN', phone: earner.phone, password: PASSWORD },
    });
    expect(blocked.status).toBe(429);
    const other = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '198.51.100.7', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(other.status).toBe(200);
    await ctx.db.delete(loginFailures).where(and(eq(loginFailures.ip, remoteAddress)));
  });

  it('revokes the token on logout (401 afterwards), leaving other sessions alive', async () => {
    const earner = await registerEarner(ctx.app);
    const second = await call<{ token: string }>(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    const out = await call(ctx.app, { method: 'POST', url: '/app/user/logout', token: earner.token });
    expect(out.body).toEqual({ code: 200, data: null, msg: 'ok' });
    const after = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, data: null, msg: 'Please log in again' });
    const stillIn = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: second.body.data!.token });
    expect(stillIn.status).toBe(200);
  });

  it('changes the password: the old one must match, then every token is revoked', async () => {
    const earner = await registerEarner(ctx.app);
    const other = await call<{ token: string }>(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    const wrong = await call(ctx.app, {
      method: 'POST',
      url: '/app/user/password',
      token: earner.token,
      payload: { oldPassword: 'not-the-password', password: 'new-password-2', rePassword: 'new-password-2' },
    });
    expect(wrong.body).toEqual({ code: 1004, data: null, msg: 'The old password is not correct' });
    const mismatch = await call(ctx.app, {
      method: 'POST',
      url: '/app/user/password',
      token: earner.token,
      payload: { oldPassword: PASSWORD, password: 'new-password-2', rePassword: 'new-password-3' },
    });
    expect(mismatch.body).toEqual({ code: 400, data: null, msg: 'The two passwords do not match' });
    const changed = await call(ctx.app, {
      method: 'POST',
      url: '/app/user/password',
      token: earner.token,
      payload: { oldPassword: PASSWORD, password: 'new-password-2', rePassword: 'new-password-2' },
    });
    expect(changed.body.code).toBe(200);
    for (const token of [earner.token, other.body.data!.token]) {
      const r = await call(ctx.app, { method: 'GET', url: '/app/user/assetInfo', token });
      expect(r.status).toBe(401);
    }
    const oldLogin = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(oldLogin.body.code).toBe(1002);
    const newLogin = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: 'new-password-2' } });
    expect(newLogin.status).toBe(200);
  });

  it('answers 401 for a missing, malformed or unknown token, and for an expired one', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/app/user/info' })).status).toBe(401);
    expect((await call(ctx.app, { method: 'POST', url: '/app/user/info', headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await call(ctx.app, { method: 'POST', url: '/app/user/info', token: 'x'.repeat(43) })).status).toBe(401);
    const earner = await registerEarner(ctx.app);
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${earner.userId}`);
    expect((await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token })).status).toBe(401);
  });

  it('reads many sessions at once, each token answered for its own earner, refusals included', async () => {
    const [a, b, c] = [await registerEarner(ctx.app), await registerEarner(ctx.app), await registerEarner(ctx.app)];
    // Sessions written here, never used before, so none is in the session cache and each call must read its own.
    const tokens = {
      a1: `batch-a1-${a.userId}-${'x'.repeat(8)}`,
      a2: `batch-a2-${a.userId}-${'x'.repeat(8)}`,
      b1: `batch-b1-${b.userId}-${'x'.repeat(8)}`,
      bRevoked: `batch-br-${b.userId}-${'x'.repeat(8)}`,
      cExpired: `batch-ce-${c.userId}-${'x'.repeat(8)}`,
      unknown: `batch-no-${c.userId}-${'x'.repeat(8)}`,
    };
    const rows: [string, number, string, string | null][] = [
      [tokens.a1, a.userId, "now() + interval '1 day'", null],
      [tokens.a2, a.userId, "now() + interval '1 day'", null],
      [tokens.b1, b.userId, "now() + interval '1 day'", null],
      [tokens.bRevoked, b.userId, "now() + interval '1 day'", 'now()'],
      [tokens.cExpired, c.userId, "now() - interval '1 second'", null],
    ];
    for (const [token, userId, expires, revoked] of rows) {
      await ctx.db.execute(
        sql`insert into sessions (user_id, token_hash, expires_at, revoked_at) values (${userId}, ${hashToken(token)}, ${sql.raw(expires)}, ${sql.raw(revoked ?? 'null')})`,
      );
    }
    const expected: Record<keyof typeof tokens, number | null> = { a1: a.userId, a2: a.userId, b1: b.userId, bRevoked: null, cExpired: null, unknown: null };
    const names = Object.keys(tokens) as (keyof typeof tokens)[];
    const order = Array.from({ length: 36 }, (_, i) => names[(i * 7) % names.length]!);
    const answers = await Promise.all(
      order.map((name) => call<{ id: number }>(ctx.app, { method: 'POST', url: '/app/user/info', token: tokens[name] })),
    );
    for (const [i, name] of order.entries()) {
      const want = expected[name];
      const got = answers[i]!;
      if (want === null) expect({ name, status: got.status }).toEqual({ name, status: 401 });
      else expect({ name, status: got.status, id: got.body.data?.id }).toEqual({ name, status: 200, id: want });
    }

    const hashes = [tokens.b1, tokens.unknown, tokens.a1, tokens.b1, tokens.bRevoked].map(hashToken);
    const found = await findLiveSessions(ctx.db, hashes);
    expect(found.map((s) => s?.userId ?? null)).toEqual([b.userId, null, a.userId, b.userId, null]);
    expect(await findLiveSessions(ctx.db, [])).toEqual([]);
  });
});
