import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, parseTrustProxy } from '../src/config';
import fs from 'node:fs';
import path from 'node:path';
import { call, countRows, engines, PASSWORD, registerEarner, testConfig, useTestContext } from './helper';

const localesDir = path.resolve(import.meta.dirname, '..', '..', 'shared', 'src', 'i18n', 'locales');
const message = (language: string, key: string): string => {
  const [group, name] = key.split('.') as [string, string];
  return (JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, Record<string, string>>)[group]![name]!;
};

describe('TRUST_PROXY', () => {
  it('takes none, a hop count or proxy addresses, and refuses "true"', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24,::1')).toEqual(['10.0.0.1', '10.0.1.0/24', '::1']);
    expect(parseTrustProxy('true')).toMatch(/any client choose its own address/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/not an address/);
    expect(parseTrustProxy('proxy.internal')).toMatch(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is required in production on PostgreSQL, and defaults to the listen address elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/grab' })).toThrow(/PUBLIC_ORIGIN: required/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/grab', PUBLIC_ORIGIN: 'https://grab.example' }).publicOrigin).toBe('https://grab.example');
    expect(loadConfig({ PORT: '9090' }).publicOrigin).toBe('http://127.0.0.1:9090');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9090' }).publicOrigin).toBe('http://127.0.0.1:9090');
  });
});

describe.each(engines)('HTTP hardening on %s', (engine) => {
  const ctx = useTestContext(engine);

  it('marks every API answer no-store: tokens, balances and refusals', async () => {
    const earner = await registerEarner(ctx.app);
    const login = await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } });
    const info = await call(ctx.app, { method: 'POST', url: '/app/user/info', token: earner.token });
    const assets = await call(ctx.app, { method: 'GET', url: '/app/user/assetInfo', token: earner.token });
    const refused = await call(ctx.app, { method: 'GET', url: '/app/user/assetInfo' });
    const unknown = await call(ctx.app, { method: 'GET', url: '/app/nothing-here' });
    for (const answer of [login, info, assets, refused, unknown]) {
      expect(answer.response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the same security headers, each once, on answers, refusals, bad input and misses', async () => {
    const earner = await registerEarner(ctx.app);
    const answers = [
      await ctx.app.inject({ method: 'POST', url: '/app/user/info', headers: { authorization: `Bearer ${earner.token}` } }),
      await ctx.app.inject({ method: 'GET', url: '/app/user/assetInfo' }),
      await ctx.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, payload: '{"phone":' }),
      await ctx.app.inject({ method: 'POST', url: '/login', payload: { country: 'IN', phone: 42 } }),
      await ctx.app.inject({ method: 'GET', url: '/app/nothing-here' }),
      await ctx.app.inject({ method: 'GET', url: '/health' }),
    ];
    const expected = {
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200, 400, 401, 404]));
    for (const answer of answers) {
      expect(answer.headers, `${answer.statusCode} ${answer.body}`).toMatchObject(expected);
      // Written once: a header repeated would reach the client as a list.
      for (const name of Object.keys(expected)) expect(answer.raw.res.getHeader(name), name).not.toBeInstanceOf(Array);
      const names = answer.raw.res.getHeaderNames();
      expect(names.length).toBe(new Set(names).size);
    }
  });

  it('answers a URL the router cannot decode, and a call under /webhooks/ that does not exist, with the envelope and the security headers', async () => {
    const badUrl = await ctx.app.inject({ method: 'GET', url: '/app/task/list%FF', headers: { 'accept-language': 'ur-PK' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ code: 400, data: null, msg: message('ur-PK', 'errors.malformed') });
    expect(badUrl.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': expect.stringContaining("default-src 'self'") });
    const messaging = await ctx.app.inject({ method: 'GET', url: '/api/user/get_phonestatus%E0%A4' });
    expect(messaging.json()).toEqual({ code: 400, data: null, message: message('en-US', 'errors.malformed') });
    // The webhook is POST only; a GET is nothing there, never the app's page.
    const webhook = await ctx.app.inject({ method: 'GET', url: '/webhooks/payout/simulator' });
    expect([webhook.statusCode, webhook.json()]).toEqual([404, { code: 404, data: null, msg: message('en-US', 'errors.notFound') }]);
  });

  it('does not run a GET call for a HEAD request: a HEAD of the code redemption redeems nothing', async () => {
    const earner = await registerEarner(ctx.app);
    const before = await countRows(ctx.db);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/app/task/exchange?code=ANYCODE1', headers: { authorization: `Bearer ${earner.token}` } });
    expect(head.statusCode).toBe(404);
    const collect = await ctx.app.inject({ method: 'HEAD', url: '/app/task/collect?taskId=1', headers: { authorization: `Bearer ${earner.token}` } });
    expect(collect.statusCode).toBe(404);
    expect(await countRows(ctx.db)).toEqual(before);
    // The same call as a GET is still served (and refuses the unknown code with its own message).
    const get = await call(ctx.app, { method: 'GET', url: '/app/task/exchange?code=ANYCODE1', token: earner.token });
    expect(get.response.statusCode).not.toBe(404);
  });

  it('sends HSTS only when the site is served over TLS', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tlsApp = await buildApp({ database: ctx.database, config: testConfig({ PUBLIC_ORIGIN: 'https://grab.example' }) });
    try {
      const secure = await tlsApp.inject({ method: 'GET', url: '/health' });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await tlsApp.close();
    }
  });

  it('behind one trusted proxy, a forged leftmost X-Forwarded-For does not move the throttle', async () => {
    const proxied = await buildApp({ database: ctx.database, config: testConfig({ TRUST_PROXY: '1' }) });
    try {
      const earner = await registerEarner(proxied);
      // The proxy (remoteAddress) appends the real client, 198.51.100.23; the client forged the rest.
      const guess = (i: number) =>
        call(proxied, {
          method: 'POST',
          url: '/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.23` },
          payload: { country: 'IN', phone: earner.phone, password: `forged-${i}-guess` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await guess(i)).body.code);
      expect(codes.slice(0, 5).every((c) => c === 1002)).toBe(true);
      expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers what Node refuses before reading it (headers too large, a line it cannot parse) with the envelope', async () => {
    const served = await buildApp({ database: ctx.database, config: testConfig() });
    try {
      await served.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          let text = '';
          socket.setEncoding('utf8');
          socket.on('data', (chunk) => (text += chunk));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
      const envelope = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: number; data: unknown; msg: string };

      const tooLarge = await raw(`GET /app/user/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
      expect(tooLarge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      expect(tooLarge).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(envelope(tooLarge)).toEqual({ code: 431, data: null, msg: 'That is too large to send' });

      const unreadable = await raw('NOT A REQUEST\r\n\r\n');
      expect(unreadable).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(envelope(unreadable)).toEqual({ code: 400, data: null, msg: 'The request could not be read' });

      // The server still serves the next caller.
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
