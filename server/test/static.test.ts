import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MANIFEST_RECHECK_MS } from '../src/http/static';
import { EARLY_CALLS_CSP_SOURCE } from '../src/http/early-calls';
import { createTestContext, testConfig, type TestContext } from './helper';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const bigScript = `console.log(${JSON.stringify('grab '.repeat(400))});\n`;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('static files, caching and the SPA fallback', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-static-'));
    const host = path.join(tmp, 'host', 'dist');
    write(path.join(host, 'index.html'), '<!doctype html><title>Grab</title><div id="root"></div>');
    write(path.join(host, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    write(path.join(host, 'static', 'js', 'main.1a2b3c.js'), bigScript);
    write(path.join(tmp, 'remote-tasks', 'dist', 'remoteEntry.js'), bigScript);
    write(path.join(tmp, 'remote-tasks', 'dist', 'mf-manifest.json'), '{}');
    write(path.join(tmp, 'remote-tasks', 'dist', 'static', 'js', 'page.9f8e.js'), bigScript);
    write(path.join(tmp, 'remote-wallet', 'dist', 'remoteEntry.js'), 'export {}');
    const manifest = path.join(tmp, 'remotes.json');
    write(
      manifest,
      JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: 'https://cdn.grab.example/tasks/remoteEntry.js' }, { name: 'remote_team', entry: '/remotes/team/remoteEntry.js' }] }),
    );
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'tools', 'precompress.mjs'), host, path.join(tmp, 'remote-tasks', 'dist')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    ctx = await createTestContext('pglite', testConfig({ STATIC_HOST_DIR: host, STATIC_REMOTES_DIR: tmp }));
    app = await buildApp({ database: ctx.database, config: testConfig({ STATIC_HOST_DIR: host, STATIC_REMOTES_DIR: tmp, REMOTES_MANIFEST: manifest }) });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('precompress writes .br and .gz beside larger text files only', () => {
    const host = path.join(tmp, 'host', 'dist');
    expect(fs.existsSync(path.join(host, 'static', 'js', 'main.1a2b3c.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(host, 'static', 'js', 'main.1a2b3c.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(host, 'sw.js.br'))).toBe(false);
  });

  it('serves hashed assets as immutable, precompressed when accepted', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/static/js/main.1a2b3c.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(bigScript);
    const br = await ctx.app.inject({ method: 'GET', url: '/static/js/main.1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const remote = await ctx.app.inject({ method: 'GET', url: '/remotes/tasks/static/js/page.9f8e.js' });
    expect(remote.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends scripts without the headers only a document obeys, and keeps them on pages and the worker', async () => {
    for (const url of ['/static/js/main.1a2b3c.js', '/remotes/tasks/remoteEntry.js', '/remotes/tasks/static/js/page.9f8e.js']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBeUndefined();
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const url of ['/sw.js', '/home', '/index.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('revalidates entry files on every load', async () => {
    for (const url of ['/sw.js', '/remotes/tasks/remoteEntry.js', '/remotes/tasks/mf-manifest.json', '/remotes/wallet/remoteEntry.js', '/remotes.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers SPA routes with index.html, but API and file misses with a 404 envelope', async () => {
    for (const url of ['/', '/home', '/login?redirect=%2Fteam%3Fx%3D1', '/user', '/team', '/withdrawal']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of ['/app/nothing', '/static/js/missing.js', '/remotes/team/remoteEntry.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 404, data: null, msg: 'Not found' });
    }
  });

  it('serves the default remote manifest, or the file REMOTES_MANIFEST names', async () => {
    const fallback = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(fallback.json()).toEqual({
      remotes: [
        { name: 'remote_tasks', entry: '/remotes/tasks/remoteEntry.js' },
        { name: 'remote_wallet', entry: '/remotes/wallet/remoteEntry.js' },
        { name: 'remote_team', entry: '/remotes/team/remoteEntry.js' },
        { name: 'remote_draw', entry: '/remotes/draw/remoteEntry.js' },
      ],
    });
    const custom = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(custom.json().remotes[0].entry).toBe('https://cdn.grab.example/tasks/remoteEntry.js');
  });

  it('never serves a manifest file the host would refuse', async () => {
    const bad = path.join(tmp, 'bad-remotes.json');
    write(bad, JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: '//evil.example/remoteEntry.js' }] }));
    const badApp = await buildApp({ database: ctx.database, config: testConfig({ STATIC_HOST_DIR: path.join(tmp, 'host', 'dist'), STATIC_REMOTES_DIR: tmp, REMOTES_MANIFEST: bad }) });
    try {
      const response = await badApp.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('evil.example');
    } finally {
      await badApp.close();
    }
  });

  it('sends a CSP that allows our origin, the pixel, and remotes hosted elsewhere', async () => {
    const own = (await ctx.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy'] as string;
    expect(own).toContain("default-src 'self'");
    expect(own).toContain(`script-src 'self' ${EARLY_CALLS_CSP_SOURCE} https://connect.facebook.net`);
    expect(own).toContain("frame-ancestors 'none'");
    expect(own).toContain("worker-src 'self'");
    expect(own).not.toContain('unsafe-eval');
    const withCdn = (await app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy'] as string;
    expect(withCdn).toContain(`script-src 'self' ${EARLY_CALLS_CSP_SOURCE} https://connect.facebook.net https://cdn.grab.example`);
  });
});

describe('remotes deployed while the server runs', () => {
  let ctx: TestContext;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-deployed-'));
    write(path.join(tmp, 'remote-tasks', 'dist', 'remoteEntry.js'), bigScript);
    ctx = await createTestContext('pglite', testConfig({ STATIC_HOST_DIR: path.join(tmp, 'host'), STATIC_REMOTES_DIR: tmp, REMOTES_DIR: path.join(tmp, 'deployed') }));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves a version folder written after start-up as immutable, to any origin', async () => {
    write(path.join(tmp, 'deployed', 'tasks', '0.2.0-abc', 'remoteEntry.js'), 'export {}');
    const response = await ctx.app.inject({ method: 'GET', url: '/remotes/tasks/0.2.0-abc/remoteEntry.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const builtIn = await ctx.app.inject({ method: 'GET', url: '/remotes/tasks/remoteEntry.js' });
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.headers['cache-control']).toBe('no-cache');
  });

  it('switches to the manifest a deploy writes, and its origins into the CSP, without a restart', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(before.json().remotes[0].entry).toBe('/remotes/tasks/remoteEntry.js');
    const remotes = [{ name: 'remote_team', entry: 'http://127.0.0.1:9999/team/0.1.0-abc/remoteEntry.js' }];
    write(path.join(tmp, 'deployed', 'remotes.json'), JSON.stringify({ remotes }));
    const after = await ctx.app.inject({ method: 'GET', url: '/remotes.json' });
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.json()).toEqual({ remotes });
    // The CSP looks at the file once per MANIFEST_RECHECK_MS: the new origin shows within that bound.
    const deadline = Date.now() + MANIFEST_RECHECK_MS + 5_000;
    let csp = '';
    while (!csp.includes('http://127.0.0.1:9999') && Date.now() < deadline) {
      csp = (await ctx.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'] as string;
      if (!csp.includes('http://127.0.0.1:9999')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(csp).toContain(`script-src 'self' ${EARLY_CALLS_CSP_SOURCE} https://connect.facebook.net http://127.0.0.1:9999`);
  });
});
