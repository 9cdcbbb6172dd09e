import helmetPlugin from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { EARLY_CALLS_CSP_SOURCE } from './early-calls';
import { contentSecurityPolicy, registerSecurity, securityHeaders } from './security';

/** What helmet wrote on every response before the headers were computed once. */
async function perResponseHelmet(origins: () => string[], tls: boolean) {
  const app = Fastify();
  await app.register(helmetPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(origins().join(' ')) },
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.get('/x', async () => ({ ok: true }));
  return app;
}

async function computedOnce(origins: () => string[], tls: boolean) {
  const app = Fastify();
  await registerSecurity(app, securityHeaders(origins, tls));
  app.get('/x', async () => ({ ok: true }));
  return app;
}

const securityOnly = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'content-length': _length, 'content-type': _type, 'cache-control': _cache, ...rest } = headers;
  return rest;
};

describe('security headers', () => {
  for (const tls of [false, true]) {
    for (const remotes of [[], ['https://cdn.example.com', 'http://127.0.0.1:9999']]) {
      it(`are byte for byte helmet's own (TLS ${tls}, ${remotes.length} remote origins)`, async () => {
        const before = await perResponseHelmet(() => remotes, tls);
        const after = await computedOnce(() => remotes, tls);
        const a = await before.inject({ method: 'GET', url: '/x' });
        const b = await after.inject({ method: 'GET', url: '/x' });
        expect(securityOnly(b.headers)).toEqual(securityOnly(a.headers));
        expect(Object.keys(securityOnly(b.headers))).toEqual(Object.keys(securityOnly(a.headers)));
        await before.close();
        await after.close();
      });
    }
  }

  it('follows the manifest: new origins show in the next response', async () => {
    let origins: string[] = [];
    const app = await computedOnce(() => origins, false);
    const first = (await app.inject({ method: 'GET', url: '/x' })).headers['content-security-policy'];
    origins = ['https://remotes.example.com'];
    const second = (await app.inject({ method: 'GET', url: '/x' })).headers['content-security-policy'];
    expect(first).not.toContain('remotes.example.com');
    expect(second).toContain(`script-src 'self' ${EARLY_CALLS_CSP_SOURCE} https://connect.facebook.net https://remotes.example.com`);
    await app.close();
  });
});
