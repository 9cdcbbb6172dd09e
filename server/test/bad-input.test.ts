import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, engines, PASSWORD, registerEarner, type Registered, uniquePhone, useTestContext } from './helper';

const localesDir = path.resolve(import.meta.dirname, '..', '..', 'shared', 'src', 'i18n', 'locales');
function message(language: string, key: string): string {
  const read = (lang: string) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Record<string, Record<string, string>>;
    } catch {
      return undefined;
    }
  };
  const [group, name] = key.split('.') as [string, string];
  return read(language)?.[group]?.[name] ?? read('en-US')![group]![name]!;
}

const register = (payload: unknown) => ({ method: 'POST' as const, url: '/public/user/register', payload: payload as object });

describe.each(engines)('bad input on %s', (engine) => {
  const ctx = useTestContext(engine);
  let earner: Registered;
  beforeAll(async () => {
    earner = await registerEarner(ctx.app);
  });

  const valid = () => ({ country: 'IN', phone: uniquePhone(), password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' });

  const cases: { name: string; request: () => Parameters<typeof call>[1]; status: number; code: number; key: string; counted?: string }[] = [
    {
      name: 'malformed JSON',
      request: () => ({ method: 'POST', url: '/public/user/register', headers: { 'content-type': 'application/json' }, payload: '{"phone": "98' }),
      status: 400,
      code: 400,
      key: 'errors.malformed',
    },
    { name: 'a JSON array body', request: () => register([1, 2]), status: 400, code: 400, key: 'validation.form' },
    { name: 'missing phone', request: () => register({ ...valid(), phone: undefined }), status: 400, code: 400, key: 'validation.phoneRequired' },
    { name: 'empty phone', request: () => register({ ...valid(), phone: '   ' }), status: 400, code: 400, key: 'validation.phoneRequired' },
    { name: 'phone as a number', request: () => register({ ...valid(), phone: 9876543210 }), status: 400, code: 400, key: 'validation.phoneRequired' },
    { name: 'password as an object', request: () => register({ ...valid(), password: { $gt: '' } }), status: 400, code: 400, key: 'validation.passwordRequired' },
    { name: 'short password', request: () => register({ ...valid(), password: 'short', rePassword: 'short' }), status: 400, code: 400, key: 'validation.passwordLength' },
    { name: 'a password of spaces only', request: () => register({ ...valid(), password: ' '.repeat(12), rePassword: ' '.repeat(12) }), status: 400, code: 400, key: 'validation.passwordBlank' },
    {
      name: "a stranger's bad withdrawal (who calls is checked first)",
      request: () => ({ method: 'POST', url: '/app/pay/pay-withdraw', payload: { amount: 'all', recipientId: -1 } }),
      status: 401,
      code: 401,
      key: 'errors.unauthorized',
    },
    { name: 'missing invitation code', request: () => register({ ...valid(), inviteCode: '' }), status: 400, code: 400, key: 'validation.inviteCodeRequired' },
    { name: 'missing country', request: () => register({ ...valid(), country: undefined }), status: 400, code: 400, key: 'validation.countryRequired' },
    { name: 'a huge phone string', request: () => register({ ...valid(), phone: '9'.repeat(20_000) }), status: 400, code: 400, key: 'validation.phoneInvalid' },
    { name: 'a body over the size limit', request: () => register({ ...valid(), phone: '9'.repeat(70_000) }), status: 413, code: 413, key: 'errors.payloadTooLarge' },
    {
      name: 'SQL in the phone',
      request: () => register({ ...valid(), phone: "9876543210'); drop table users; --" }),
      status: 400,
      code: 400,
      key: 'validation.phoneInvalid',
    },
    {
      name: 'SQL in the invitation code',
      request: () => register({ ...valid(), inviteCode: "' OR '1'='1" }),
      status: 400,
      code: 1003,
      key: 'errors.inviteCodeUnknown',
    },
    {
      name: 'HTML in the invitation code',
      request: () => register({ ...valid(), inviteCode: '<script>alert(1)</script>' }),
      status: 400,
      code: 1003,
      key: 'errors.inviteCodeUnknown',
    },
    {
      name: 'SQL in the login password',
      request: () => ({ method: 'POST', url: '/login', payload: { country: 'IN', phone: '9876543210', password: "' OR 1=1 --" } }),
      status: 400,
      code: 1002,
      key: 'errors.badCredentials',
      // A failed login is recorded for the throttle, and nothing else.
      counted: 'login_failures',
    },
    {
      name: 'a login with a text/plain body',
      request: () => ({ method: 'POST', url: '/login', headers: { 'content-type': 'text/plain' }, payload: 'phone=1' }),
      status: 400,
      code: 400,
      key: 'validation.form',
    },
    {
      name: 'an unknown task type',
      request: () => ({ method: 'GET', url: "/app/task/list?taskType=' OR 1=1", token: earner.token }),
      status: 400,
      code: 400,
      key: 'validation.form',
    },
    {
      name: 'a password change with wrong types',
      request: () => ({ method: 'POST', url: '/app/user/password', token: earner.token, payload: { oldPassword: 1, password: [], rePassword: null } }),
      status: 400,
      code: 400,
      key: 'validation.oldPasswordRequired',
    },
    {
      name: 'a password change with an HTML password',
      request: () => ({
        method: 'POST',
        url: '/app/user/password',
        token: earner.token,
        payload: { oldPassword: '<img src=x onerror=alert(1)>', password: 'new-password-9', rePassword: 'new-password-9' },
      }),
      status: 400,
      code: 1004,
      key: 'errors.oldPasswordWrong',
      // A wrong old password counts against the password-change throttle, and nothing else.
      counted: 'login_failures',
    },
    { name: 'an unknown API path', request: () => ({ method: 'POST', url: '/app/user/nothing-here', token: earner.token }), status: 404, code: 404, key: 'errors.notFound' },
    // U+0000 is the one character PostgreSQL's text refuses: it used to fail there, as a 500.
    {
      name: 'a NUL character in a login phone',
      request: () => ({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, payload: '{"country":"IN","phone":"98\\u00007","password":"x"}' }),
      status: 400,
      code: 400,
      key: 'errors.malformed',
    },
    { name: 'a NUL character in an invitation code', request: () => register({ ...valid(), inviteCode: 'RO\u0000OT01' }), status: 400, code: 400, key: 'errors.malformed' },
    { name: 'a NUL character in a query', request: () => ({ method: 'GET', url: '/public/user/inviter?shareCode=AB%00CD' }), status: 400, code: 400, key: 'errors.malformed' },
    {
      name: 'a NUL character in a list of query values',
      request: () => ({ method: 'GET', url: '/app/task/exchange?code=AB&code=C%00D', token: earner.token }),
      status: 400,
      code: 400,
      key: 'errors.malformed',
    },
    {
      name: 'a NUL character in a payee name',
      request: () => ({ method: 'POST', url: '/app/pay/userRecipientSave', token: earner.token, payload: { method: 'upi', institutionId: 1, name: 'A\u0000B', account: 'asha@okbank' } }),
      status: 400,
      code: 400,
      key: 'errors.malformed',
    },
    {
      name: 'a payee name that shows nothing (joiners and combining marks only)',
      request: () => ({ method: 'POST', url: '/app/pay/userRecipientSave', token: earner.token, payload: { method: 'upi', institutionId: 1, name: '\u200d\u0301\u200b\u0301', account: 'asha@okbank' } }),
      status: 400,
      code: 400,
      key: 'validation.cardNameRequired',
    },
    {
      name: 'an institution id past the largest row id',
      request: () => ({ method: 'POST', url: '/app/pay/userRecipientSave', token: earner.token, payload: { method: 'bank', institutionId: 2_147_483_648, name: 'Asha', account: '123456789012', ifsc: 'SBIN0001234' } }),
      status: 400,
      code: 400,
      key: 'validation.institutionRequired',
    },
    {
      name: 'a recipient id past the largest row id',
      request: () => ({ method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, payload: { amount: 100, recipientId: 2_147_483_648, idempotencyKey: 'k'.repeat(20) } }),
      status: 400,
      code: 400,
      key: 'validation.recipientRequired',
    },
  ];

  for (const language of ['en-US', 'hi-IN']) {
    it.each(cases)(`answers $name with a readable ${language} message and changes nothing`, async ({ request, status, code, key, counted }) => {
      const before = await countRows(ctx.db);
      if (counted) before[counted] = (before[counted] ?? 0) + 1;
      const req = request();
      const { status: got, body, response } = await call(ctx.app, { ...req, headers: { ...req.headers, 'accept-language': language } });
      expect(got).toBe(status);
      expect(body).toEqual({ code, data: null, msg: message(language, key) });
      expect(response.body).not.toMatch(/stack|select |insert |at .*\.ts/i);
      expect(await countRows(ctx.db)).toEqual(before);
    });
  }

  it('speaks the language of Accept-Language, not only English', async () => {
    const { body } = await call(ctx.app, { ...register({ ...valid(), phone: '' }), headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' } });
    expect(body.msg).toBe(message('hi-IN', 'validation.phoneRequired'));
    expect(body.msg).not.toBe(message('en-US', 'validation.phoneRequired'));
  });

  it('takes a backslash written before "u0000" as the text it is', async () => {
    // JSON's "\\u0000" is a backslash and five letters, not U+0000: the code is simply unknown, not malformed.
    const { body } = await call(ctx.app, { ...register({ ...valid(), inviteCode: 'RO\\u0000OT' }) });
    expect(body.msg).toBe(message('en-US', 'errors.inviteCodeUnknown'));
  });

  it('accepts bare POST calls without a body, with or without a JSON content type', async () => {
    const bare = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token });
    expect(bare.status).toBe(200);
    const empty = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.status).toBe(200);
  });

  it('stores HTML and SQL-looking text only as data: a registration with such a code fails, a valid one works', async () => {
    const ok = await call(ctx.app, register({ ...valid(), inviteCode: ` ${earner.inviteCode.toLowerCase()} ` }));
    expect(ok.status).toBe(200);
  });
});
