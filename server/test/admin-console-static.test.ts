import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testConfig, type TestContext } from './helper';

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('the operator console at /admin/', () => {
  let ctx: TestContext;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-admin-static-'));
    write(path.join(tmp, 'host', 'index.html'), '<!doctype html><title>Grab</title><div id="root"></div>');
    write(path.join(tmp, 'admin', 'index.html'), '<!doctype html><title>Grab operator console</title><script defer src="/admin/static/js/index.1a2b.js"></script>');
    write(path.join(tmp, 'admin', 'static', 'js', 'index.1a2b.js'), 'console.log("console")');
    ctx = await createTestContext('pglite', testConfig({ STATIC_HOST_DIR: path.join(tmp, 'host'), STATIC_ADMIN_DIR: path.join(tmp, 'admin') }));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves its own page under the strict CSP, never the earner shell', async () => {
    for (const url of ['/admin', '/admin/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Grab operator console');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
    }
    const shell = await ctx.app.inject({ method: 'GET', url: '/home' });
    expect(shell.body).not.toContain('operator console');
  });

  it('serves its hashed files as immutable, and answers other /admin/ paths as the API (404 envelope)', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/admin/static/js/index.1a2b.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expect(script.headers['content-type']).toContain('javascript');
    const miss = await ctx.app.inject({ method: 'GET', url: '/admin/reviews' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toMatchObject({ code: 404 });
  });
});
