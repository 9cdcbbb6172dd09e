import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../src/db/schema';
import { accountDelaySeconds, LOGIN_POLICY, maxGuessesPerHour } from '../src/modules/auth/password-attempts';
import { call, engines, PASSWORD, registerEarner, useTestContext } from './helper';

const WRONG_CREDENTIALS = 1002;
const WRONG_OLD_PASSWORD = 1004;
const TOO_MANY = 429;

describe('how fast one account can be guessed', () => {
  it('grows the wait after the free failures, and bounds the guesses in any hour', () => {
    expect(accountDelaySeconds(LOGIN_POLICY, LOGIN_POLICY.accountFree - 1)).toBe(0);
    expect(accountDelaySeconds(LOGIN_POLICY, LOGIN_POLICY.accountFree)).toBe(1);
    expect(accountDelaySeconds(LOGIN_POLICY, LOGIN_POLICY.accountFree + 3)).toBe(8);
    expect(accountDelaySeconds(LOGIN_POLICY, 1000)).toBe(LOGIN_POLICY.accountMaxDelaySeconds);
    // 10 free, then 1, 2, 4 … 64 s, then one every 2 minutes: under fifty guesses an hour, from any
    // number of addresses, while the owner never waits more than two minutes.
    expect(maxGuessesPerHour(LOGIN_POLICY)).toBeLessThanOrEqual(50);
  });
});

describe.each(engines)('password throttles on %s', (engine) => {
  const ctx = useTestContext(engine);

  it('counts forty guesses sent at once one after the other: at most five passwords are checked, and then not even the right one', async () => {
    const earner = await registerEarner(ctx.app);
    const remoteAddress = '203.0.113.40';
    // All wrong: a right password among the first five checked would log in and, by design, forgive
    // that address its failures, so how many are checked would depend on which request came first.
    const guesses = Array.from({ length: 40 }, (_, i) => `wrong-guess-${i}`);
    const answers = await Promise.all(
      guesses.map((password) => call(ctx.app, { method: 'POST', url: '/login', remoteAddress, payload: { country: 'IN', phone: earner.phone, password } })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === WRONG_CREDENTIALS).length).toBeLessThanOrEqual(LOGIN_POLICY.perPair);
    expect(codes.filter((c) => c === TOO_MANY).length).toBeGreaterThanOrEqual(40 - LOGIN_POLICY.perPair);
    expect(codes.every((c) => c === WRONG_CREDENTIALS || c === TOO_MANY)).toBe(true);
    // The right password from the same address now waits like any other guess.
    const right = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress, payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(right.body.code).toBe(TOO_MANY);
  });

  it("a stranger's failures never lock the owner out of their own address", async () => {
    const earner = await registerEarner(ctx.app);
    for (let i = 0; i < 7; i++) {
      await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '198.51.100.66', payload: { country: 'IN', phone: earner.phone, password: `stranger-${i}-guess` } });
    }
    const stranger = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '198.51.100.66', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(stranger.body.code).toBe(TOO_MANY);
    const owner = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '192.0.2.10', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(owner.body.code).toBe(200);
  });

  it('many addresses guessing one account are slowed down for that account, with the wait in the answer', async () => {
    const earner = await registerEarner(ctx.app);
    const phone = `+91${earner.phone}`;
    for (let i = 0; i < LOGIN_POLICY.accountFree; i++) {
      const r = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: `203.0.113.${100 + i}`, payload: { country: 'IN', phone: earner.phone, password: `spread-${i}-guess` } });
      expect(r.body.code).toBe(WRONG_CREDENTIALS);
    }
    // Four more failures from elsewhere in the same hour: the account must now rest 16 s between guesses.
    await ctx.db.insert(loginFailures).values(Array.from({ length: 4 }, (_, i) => ({ phone, ip: `203.0.113.${150 + i}` })));
    const next = await call(ctx.app, {
      method: 'POST',
      url: '/login',
      remoteAddress: '203.0.113.200',
      headers: { 'accept-language': 'en-US' },
      payload: { country: 'IN', phone: earner.phone, password: PASSWORD },
    });
    expect(next.body.code).toBe(TOO_MANY);
    expect(next.body.msg).toBe('Too many attempts. Please try again in 1 min');
    // Once the rest has passed, the right password gets in.
    await ctx.db.update(loginFailures).set({ createdAt: sql`created_at - interval '20 seconds'` }).where(eq(loginFailures.phone, phone));
    const later = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '203.0.113.200', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    expect(later.body.code).toBe(200);
  });

  it('one browser guessing many accounts is stopped; its neighbours behind the same carrier address are not', async () => {
    const guesser = 'g'.repeat(32);
    const neighbour = await registerEarner(ctx.app);
    const remoteAddress = '100.64.0.7';
    // One browser's failures on thirty accounts, all but the last already on record.
    await ctx.db.insert(loginFailures).values(Array.from({ length: LOGIN_POLICY.perDevice - 1 }, (_, i) => ({ phone: `+9170000${String(i).padStart(5, '0')}`, ip: remoteAddress, device: guesser })));
    const login = (phone: string, password: string, deviceId?: string) =>
      call(ctx.app, { method: 'POST', url: '/login', remoteAddress, payload: { country: 'IN', phone, password, ...(deviceId ? { deviceId } : {}) } });
    expect((await login('7000099999', 'still-guessing', guesser)).body.code).toBe(WRONG_CREDENTIALS);
    expect((await login('7000099998', 'still-guessing', guesser)).body.code).toBe(TOO_MANY);
    // Another phone behind the same address logs in, with its own browser id.
    expect((await login(neighbour.phone, PASSWORD, 'n'.repeat(32))).body.code).toBe(200);
  });

  it('an address trying ever new browser ids is stopped at its own, higher limit', async () => {
    const earner = await registerEarner(ctx.app);
    const remoteAddress = '100.64.0.8';
    await ctx.db
      .insert(loginFailures)
      .values(Array.from({ length: LOGIN_POLICY.perIp }, (_, i) => ({ phone: `+9171000${String(i).padStart(5, '0')}`, ip: remoteAddress, device: `rotating-${String(i).padStart(8, '0')}` })));
    const fresh = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress, payload: { country: 'IN', phone: earner.phone, password: PASSWORD, deviceId: 'f'.repeat(32) } });
    expect(fresh.body.code).toBe(TOO_MANY);
    const elsewhere = await call(ctx.app, { method: 'POST', url: '/login', remoteAddress: '100.64.0.9', payload: { country: 'IN', phone: earner.phone, password: PASSWORD, deviceId: 'f'.repeat(32) } });
    expect(elsewhere.body.code).toBe(200);
  });

  describe("the owner's own browser", () => {
    const OWNER_BROWSER = 'o'.repeat(32);
    const login = (phone: string, password: string, remoteAddress: string, deviceId?: string) =>
      call(ctx.app, { method: 'POST', url: '/login', remoteAddress, payload: { country: 'IN', phone, password, ...(deviceId ? { deviceId } : {}) } });
    /** An hour of a stranger's wrong guesses from many addresses: the account rests two minutes between guesses. */
    const guessedAt = (phone: string) =>
      ctx.db.insert(loginFailures).values(Array.from({ length: LOGIN_POLICY.accountFree + 8 }, (_, i) => ({ phone: `+91${phone}`, ip: `198.18.0.${i + 1}` })));

    it("is let in with the right password while a stranger's steady guesses slow everyone else", async () => {
      const earner = await registerEarner(ctx.app);
      expect((await login(earner.phone, PASSWORD, '192.0.2.50', OWNER_BROWSER)).body.code).toBe(200);
      await guessedAt(earner.phone);
      expect((await login(earner.phone, PASSWORD, '192.0.2.51', 'x'.repeat(32))).body.code).toBe(TOO_MANY);
      expect((await login(earner.phone, PASSWORD, '192.0.2.51')).body.code).toBe(TOO_MANY);
      expect((await login(earner.phone, PASSWORD, '192.0.2.51', OWNER_BROWSER)).body.code).toBe(200);
    });

    it("is let in behind an address where a neighbour guessed the account five times", async () => {
      const earner = await registerEarner(ctx.app);
      const shared = '100.64.1.1';
      expect((await login(earner.phone, PASSWORD, shared, OWNER_BROWSER)).body.code).toBe(200);
      for (let i = 0; i < LOGIN_POLICY.perPair; i++) expect((await login(earner.phone, `neighbour-${i}`, shared, 'y'.repeat(32))).body.code).toBe(WRONG_CREDENTIALS);
      expect((await login(earner.phone, PASSWORD, shared, 'z'.repeat(32))).body.code).toBe(TOO_MANY);
      expect((await login(earner.phone, PASSWORD, shared, OWNER_BROWSER)).body.code).toBe(200);
    });

    it('is a stranger again once the password has changed', async () => {
      const earner = await registerEarner(ctx.app);
      const signedIn = await login(earner.phone, PASSWORD, '192.0.2.60', OWNER_BROWSER);
      const token = (signedIn.body.data as { token: string }).token;
      const NEW = 'another-pass-2026';
      const changed = await call(ctx.app, { method: 'POST', url: '/app/user/password', token, remoteAddress: '192.0.2.61', payload: { oldPassword: PASSWORD, password: NEW, rePassword: NEW } });
      expect(changed.body.code).toBe(200);
      await guessedAt(earner.phone);
      expect((await login(earner.phone, NEW, '192.0.2.60', OWNER_BROWSER)).body.code).toBe(TOO_MANY);
    });
  });

  it('throttles password changes: twenty wrong old passwords get at most five answers', async () => {
    const earner = await registerEarner(ctx.app);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await call(ctx.app, {
        method: 'POST',
        url: '/app/user/password',
        token: earner.token,
        payload: { oldPassword: `not-it-${i}-pass`, password: 'new-password-2', rePassword: 'new-password-2' },
      });
      codes.push(r.body.code);
    }
    expect(codes.filter((c) => c === WRONG_OLD_PASSWORD)).toHaveLength(5);
    expect(codes.slice(5).every((c) => c === TOO_MANY)).toBe(true);
  });
});
