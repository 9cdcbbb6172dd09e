import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { EMBEDDED_CONFIG_ID, EMBEDDED_MANIFEST_ID, HOST_CHUNKS_FILE, LANGUAGE_COOKIE, LOCALE_CHUNKS_FILE } from '@grab/shared/first-screens';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSettings } from '../src/db/schema';
import { EARLY_CALLS_SCRIPT } from '../src/http/early-calls';
import { jsonForScriptElement, renderShell } from '../src/http/shell-html';
import { createTestContext, registerEarner, testConfig, type TestContext } from './helper';

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

// Like the real shell, large enough to be worth compressing (its styles are inline).
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Grab</title><script defer src="/static/js/index.1a.js"></script><style>${'.g-card{padding:1rem}'.repeat(80)}</style></head><body><div id="root"></div></body></html>`;

/** A JSON data element of a page, parsed as the host parses it. */
function embedded(html: string, id: string): unknown {
  const match = html.match(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`));
  return match ? JSON.parse(match[1] as string) : undefined;
}
const embeddedManifest = (html: string) => embedded(html, EMBEDDED_MANIFEST_ID);

const CONFIG = { title: 'Grab', fbId: null, welcomeBonus: 100_00, supportUrl: null };

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]+)">/g)].map((m) => m[1] as string);
}

describe('index.html with the remote manifest and the first screen hinted', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let tmp: string;
  let manifestFile: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-shell-'));
    const host = path.join(tmp, 'host', 'dist');
    write(path.join(host, 'index.html'), INDEX);
    write(path.join(host, 'static/js/async/federation-runtime.1a.js'), 'runtime');
    write(path.join(host, 'static/js/async/login-page.2b.js'), 'login');
    write(path.join(host, 'static/css/async/login-page.3c.css'), '.login{}');
    // One file of the list is gone (a partial deploy): it must not be hinted.
    write(path.join(host, HOST_CHUNKS_FILE), JSON.stringify({ 'login-page': ['static/js/async/login-page.2b.js', 'static/css/async/login-page.3c.css'], 'federation-runtime': ['static/js/async/federation-runtime.1a.js', 'static/js/async/gone.js'] }));
    const tasks = path.join(tmp, 'remote-tasks', 'dist');
    write(path.join(tasks, 'remoteEntry.js'), 'entry');
    write(path.join(tasks, 'static/js/async/__federation_expose_TaskHall.4d.js'), 'hall');
    write(path.join(tasks, 'static/css/async/__federation_expose_TaskHall.5e.css'), '.hall{}');
    write(
      path.join(tasks, 'mf-manifest.json'),
      JSON.stringify({ exposes: [{ name: 'TaskHall', assets: { js: { sync: ['static/js/async/__federation_expose_TaskHall.4d.js'], async: ['static/js/async/later.js'] }, css: { sync: ['static/css/async/__federation_expose_TaskHall.5e.css'], async: [] } } }] }),
    );
    manifestFile = path.join(tmp, 'remotes.json');
    write(manifestFile, JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: '/remotes/tasks/remoteEntry.js' }, { name: 'remote_team', entry: 'https://cdn.grab.example/team/remoteEntry.js' }] }));
    const env = { STATIC_HOST_DIR: host, STATIC_REMOTES_DIR: tmp, REMOTES_MANIFEST: manifestFile, REMOTES_DIR: path.join(tmp, 'deployed') };
    ctx = await createTestContext('pglite', testConfig(env));
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('embeds the manifest as JSON data that parses to what /remotes.json answers', async () => {
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const served = (await app.inject({ method: 'GET', url: '/remotes.json' })).json();
    expect(embeddedManifest(page.body)).toEqual(served);
    // Data, not a script: the CSP allows no inline script but the early calls (next test).
    expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
  });

  it('hints the route’s remote entry and first chunks, and the host chunks it waits on, all existing', async () => {
    const home = preloads((await app.inject({ method: 'GET', url: '/home' })).body);
    expect(home).toEqual([
      '/static/js/async/federation-runtime.1a.js',
      '/remotes/tasks/remoteEntry.js',
      '/remotes/tasks/static/js/async/__federation_expose_TaskHall.4d.js',
      '/remotes/tasks/static/css/async/__federation_expose_TaskHall.5e.css',
    ]);
    for (const href of home) expect((await app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
    expect(preloads((await app.inject({ method: 'GET', url: '/login?redirect=%2Fteam' })).body)).toEqual(['/static/js/async/login-page.2b.js', '/static/css/async/login-page.3c.css']);
    // A remote on another origin: its entry only, since its chunk list is not ours to read.
    expect(preloads((await app.inject({ method: 'GET', url: '/team' })).body)).toEqual(['/static/js/async/federation-runtime.1a.js', 'https://cdn.grab.example/team/remoteEntry.js']);
    expect(preloads((await app.inject({ method: 'GET', url: '/changePassword' })).body)).toEqual([]);
  });

  it('hints the texts of the language the cookie names (else the phone’s, else English) for the host and the route’s remote', async () => {
    const host = path.join(tmp, 'host', 'dist');
    const tasks = path.join(tmp, 'remote-tasks', 'dist');
    const written = [path.join(host, LOCALE_CHUNKS_FILE), path.join(tasks, LOCALE_CHUNKS_FILE)];
    write(path.join(host, 'static/js/async/common-en.1.js'), 'en');
    write(path.join(host, 'static/js/async/host-en.2.js'), 'en');
    write(path.join(host, 'static/js/async/common-ur.3.js'), 'ur');
    write(path.join(tasks, 'static/js/async/tasks-ur.4.js'), 'ur');
    write(written[0] as string, JSON.stringify({ 'en-US': ['static/js/async/common-en.1.js', 'static/js/async/host-en.2.js'], 'ur-PK': ['static/js/async/common-ur.3.js', 'static/js/async/gone.js'] }));
    write(written[1] as string, JSON.stringify({ 'ur-PK': ['static/js/async/tasks-ur.4.js'], 'en-US': 'not a list' }));
    const hintsFor = async (url: string, cookie?: string, acceptLanguage?: string) => {
      const headers = { ...(cookie ? { cookie } : {}), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) };
      const page = await app.inject({ method: 'GET', url, headers });
      expect(page.headers.vary).toMatch(/cookie/i);
      expect(page.headers.vary).toMatch(/accept-language/i);
      return preloads(page.body);
    };
    try {
      const urdu = await hintsFor('/home', `other=1; ${LANGUAGE_COOKIE}=ur-PK`);
      expect(urdu).toEqual([
        '/static/js/async/common-ur.3.js',
        '/static/js/async/federation-runtime.1a.js',
        '/remotes/tasks/remoteEntry.js',
        '/remotes/tasks/static/js/async/__federation_expose_TaskHall.4d.js',
        '/remotes/tasks/static/css/async/__federation_expose_TaskHall.5e.css',
        '/remotes/tasks/static/js/async/tasks-ur.4.js',
      ]);
      for (const href of urdu) expect((await app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
      // No cookie, or one that names no language: the language the app starts in, the phone's
      // (which the browser sends as Accept-Language) when it is one of the eight, else English.
      for (const cookie of [undefined, `${LANGUAGE_COOKIE}=xx-XX`, `${LANGUAGE_COOKIE}=%E0%A4%A`, `${LANGUAGE_COOKIE}`]) {
        for (const phone of [undefined, 'fr-FR,de;q=0.8', 'en-IN,ur-PK;q=0.9']) {
          const english = await hintsFor('/home', cookie, phone);
          expect(english.slice(0, 2), `${cookie} ${phone}`).toEqual(['/static/js/async/common-en.1.js', '/static/js/async/host-en.2.js']);
          expect(english.some((href) => href.includes('ur'))).toBe(false);
        }
        expect(await hintsFor('/home', cookie, 'ur-PK,en;q=0.8'), `${cookie}`).toEqual(urdu);
      }
      // A language once shown is in the cookie, and it outranks the phone's.
      expect(await hintsFor('/home', `${LANGUAGE_COOKIE}=ur-PK`, 'en-US')).toEqual(urdu);
      expect((await hintsFor('/home', `${LANGUAGE_COOKIE}=en-US`, 'ur-PK')).slice(0, 2)).toEqual(['/static/js/async/common-en.1.js', '/static/js/async/host-en.2.js']);
      // Every screen waits on the host's texts, also one with no first-screen entry.
      expect(await hintsFor('/changePassword', `${LANGUAGE_COOKIE}=ur-PK`)).toEqual(['/static/js/async/common-ur.3.js']);
    } finally {
      for (const file of written) fs.rmSync(file, { force: true });
    }
  });

  it('shows a manifest change on the next request, without a restart', async () => {
    const before = fs.readFileSync(manifestFile, 'utf8');
    try {
      write(manifestFile, JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: 'https://cdn.grab.example/tasks/v2/remoteEntry.js' }] }));
      const page = (await app.inject({ method: 'GET', url: '/home' })).body;
      expect(embeddedManifest(page)).toEqual({ remotes: [{ name: 'remote_tasks', entry: 'https://cdn.grab.example/tasks/v2/remoteEntry.js' }] });
      expect(preloads(page)).toContain('https://cdn.grab.example/tasks/v2/remoteEntry.js');
      expect(preloads(page)).not.toContain('/remotes/tasks/remoteEntry.js');
    } finally {
      write(manifestFile, before);
    }
  });

  it('hints the files of a deployed version from that version’s own folder', async () => {
    const before = fs.readFileSync(manifestFile, 'utf8');
    const version = path.join(tmp, 'deployed', 'tasks', '2.0.0-abc123');
    write(path.join(version, 'remoteEntry.js'), 'entry v2');
    write(path.join(version, 'static/js/async/__federation_expose_TaskHall.9z.js'), 'hall v2');
    write(path.join(version, 'mf-manifest.json'), JSON.stringify({ exposes: [{ name: 'TaskHall', assets: { js: { sync: ['static/js/async/__federation_expose_TaskHall.9z.js'] } } }] }));
    try {
      write(manifestFile, JSON.stringify({ remotes: [{ name: 'remote_tasks', entry: '/remotes/tasks/2.0.0-abc123/remoteEntry.js' }] }));
      const hints = preloads((await app.inject({ method: 'GET', url: '/home' })).body);
      expect(hints).toEqual([
        '/static/js/async/federation-runtime.1a.js',
        '/remotes/tasks/2.0.0-abc123/remoteEntry.js',
        '/remotes/tasks/2.0.0-abc123/static/js/async/__federation_expose_TaskHall.9z.js',
      ]);
      for (const href of hints) expect((await app.inject({ method: 'GET', url: href })).statusCode, href).toBe(200);
    } finally {
      write(manifestFile, before);
    }
  });

  it('sends the shell as built when the manifest file is unusable, so the host fetches it and shows the failure', async () => {
    const before = fs.readFileSync(manifestFile, 'utf8');
    try {
      write(manifestFile, '{"remotes": [');
      const page = await app.inject({ method: 'GET', url: '/home' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(renderShell(INDEX, null, [], embedded(page.body, EMBEDDED_CONFIG_ID) as typeof CONFIG));
      expect(page.body).not.toContain(EMBEDDED_MANIFEST_ID);
    } finally {
      write(manifestFile, before);
    }
  });

  it('carries the early calls as its one inline script, which its CSP allows by hash', async () => {
    const page = await app.inject({ method: 'GET', url: '/home' });
    const inline = [...page.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] as string);
    expect(inline).toEqual([EARLY_CALLS_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(inline[0] as string).digest('base64')}'`;
    const scriptSrc = String(page.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", hash, 'https://connect.facebook.net', 'https://cdn.grab.example']);
  });

  it('embeds the public config as /public/commonConfig answers it, so the page asks for none', async () => {
    const page = await app.inject({ method: 'GET', url: '/home' });
    const answered = (await app.inject({ method: 'POST', url: '/public/commonConfig', payload: {} })).json();
    expect(answered.code).toBe(200);
    expect(embedded(page.body, EMBEDDED_CONFIG_ID)).toEqual(answered.data);
    expect(page.body).toContain('<title>Grab</title>');
  });

  it('titles the page with the operator’s title from the first byte, escaped, and follows a change at once', async () => {
    const operator = await registerEarner(app);
    await ctx.db.insert(operatorSettings).values({ key: 'title', value: { v: 'Win & <Earn>' }, updatedBy: operator.userId });
    try {
      const page = await app.inject({ method: 'GET', url: '/login' });
      expect(page.body).toContain('<title>Win &amp; &lt;Earn&gt;</title>');
      expect(embedded(page.body, EMBEDDED_CONFIG_ID)).toMatchObject({ title: 'Win & <Earn>' });
    } finally {
      await ctx.db.delete(operatorSettings);
    }
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toContain('<title>Grab</title>');
  });

  it('compresses the shell when the phone accepts it', async () => {
    const page = await app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(`id="${EMBEDDED_MANIFEST_ID}"`);
  });
});

describe('renderShell', () => {
  it('escapes what could end the data element or start markup inside it', () => {
    const json = jsonForScriptElement({ text: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script><!-- & \u2028' });
  });

  it('places data and hints at the end of <head>, after the charset', () => {
    const html = renderShell(INDEX, { remotes: [] }, [{ href: '/a.js', as: 'script' }]);
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf(EMBEDDED_MANIFEST_ID));
    expect(html).toContain('<link rel="preload" as="script" href="/a.js"></head>');
    expect(html.indexOf(EMBEDDED_MANIFEST_ID)).toBeLessThan(html.indexOf(EARLY_CALLS_SCRIPT));
    // Without a manifest the early calls still start: they need nothing from it.
    expect(renderShell(INDEX, null, [])).toBe(INDEX.replace('</head>', `<script>${EARLY_CALLS_SCRIPT}</script></head>`));
  });

  it('embeds the config after the manifest, and a blank title leaves the product’s name', () => {
    const html = renderShell(INDEX, { remotes: [] }, [], { ...CONFIG, title: '  ' });
    expect(html.indexOf(EMBEDDED_MANIFEST_ID)).toBeLessThan(html.indexOf(EMBEDDED_CONFIG_ID));
    expect(html.indexOf(EMBEDDED_CONFIG_ID)).toBeLessThan(html.indexOf(EARLY_CALLS_SCRIPT));
    expect(embedded(html, EMBEDDED_CONFIG_ID)).toEqual({ ...CONFIG, title: '  ' });
    expect(html).toContain('<title>Grab</title>');
    // A title cannot close the data element it is carried in.
    const hostile = renderShell(INDEX, null, [], { ...CONFIG, title: '</script><script>alert(1)</script>' });
    expect(hostile.match(/<script/g)?.length).toBe((INDEX.match(/<script/g)?.length ?? 0) + 2);
    expect(embedded(hostile, EMBEDDED_CONFIG_ID)).toMatchObject({ title: '</script><script>alert(1)</script>' });
  });
});
