import { MESSAGING_TIME_HEADER, MESSAGING_VERIFY_HEADER, messagingSign, messagingVerify } from '@grab/shared/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, registerEarner, type Registered, useTestContext } from './helper';

const PATH = '/api/user/get_appinfo';

describe.each(engines)('messaging API on %s', (engine) => {
  const ctx = useTestContext(engine);
  let earner: Registered;
  beforeAll(async () => {
    earner = await registerEarner(ctx.app);
  });

  async function signed(options: { time?: number; sign?: string; verify?: string; token?: string | null; userId?: string } = {}) {
    const time = String(options.time ?? Date.now());
    const sign = options.sign ?? (await messagingSign(PATH, options.userId ?? earner.thirdUserId, earner.thirdName));
    const verify = options.verify ?? (await messagingVerify(time, sign));
    const token = options.token === undefined ? earner.token : options.token;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${PATH}?sign=${sign}`,
      headers: { [MESSAGING_TIME_HEADER]: time, [MESSAGING_VERIFY_HEADER]: verify, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: response.statusCode, body: response.json() as { code: number; data: unknown; message: string } };
  }

  it('answers a well-signed call with the official account and the daily cap, code 0', async () => {
    const { status, body } = await signed();
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, data: { officialAccount: '+10000000000', dailyCap: 480000 }, message: 'ok' });
  });

  it('refuses a time more than five minutes off', async () => {
    for (const time of [Date.now() - 5 * 60_000 - 5_000, Date.now() + 6 * 60_000]) {
      const { status, body } = await signed({ time });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 2002, data: null });
      expect(body.message).toMatch(/clock/);
    }
  });

  it('refuses a wrong sign, a sign made for another earner and a wrong verification hash', async () => {
    for (const options of [{ sign: 'a'.repeat(64) }, { userId: 'someone-else' }, { verify: 'b'.repeat(64) }]) {
      const { status, body } = await signed(options);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 2001, data: null, message: 'The request could not be verified' });
    }
  });

  it('requires the token even with a valid sign: HTTP 401 in the messaging envelope', async () => {
    const { status, body } = await signed({ token: null });
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, data: null, message: 'Please log in again' });
  });
});
