import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signups } from '../src/db/schema';
import { call, engines, PASSWORD, testConfig, uniquePhone, useTestContext } from './helper';

const TOO_MANY_SIGNUPS = 1005;

describe.each(engines)('sign-up limits on %s', (engine) => {
  const ctx = useTestContext(engine, testConfig({ SIGNUPS_PER_IP_PER_DAY: '3', SIGNUPS_PER_DEVICE_PER_DAY: '2' }));
  const signUp = (remoteAddress: string, deviceId?: string, language = 'en-US') =>
    call(ctx.app, {
      method: 'POST',
      url: '/public/user/register',
      remoteAddress,
      headers: { 'accept-language': language },
      payload: { country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01', ...(deviceId ? { deviceId } : {}) },
    });

  it('counts forty sign-ups sent at once from one address: only the limit gets through, each recorded', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => signUp('203.0.113.77')));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === TOO_MANY_SIGNUPS)).toHaveLength(37);
    expect(await ctx.db.select().from(signups).where(eq(signups.ip, '203.0.113.77'))).toHaveLength(3);
  });

  it('limits one device across addresses, and says why in the earner language', async () => {
    const device = 'device-limit-test-1';
    expect((await signUp('198.51.100.1', device)).body.code).toBe(200);
    expect((await signUp('198.51.100.2', device)).body.code).toBe(200);
    const third = await signUp('198.51.100.3', device, 'ur-PK');
    expect(third.body.code).toBe(TOO_MANY_SIGNUPS);
    expect(third.body.msg).toContain('اکاؤنٹ');
    // Another browser on that third address is still welcome.
    expect((await signUp('198.51.100.3', 'device-limit-test-2')).body.code).toBe(200);
  });
});
