import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REMOTE_MODULES, type RemoteName } from '../../shared/src/remotes/remote-modules';
import { startStaticOrigin, type StaticOrigin } from '../../tools/delivery/static-origin';
import { REPO_ROOT } from '../support/delivery';
import { EXPOSED_ROUTES } from './exposed-routes';

// One remote's built entry in the host's published build: the host's index.html and runtime from
// host/dist, a manifest naming only this remote, its dist as built. There is no API: every call
// answers 503, so a page shows its own error state, which still proves it rendered in the host.

const apps = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps.json'), 'utf8')) as { remotes: { folder: string; name: string; mfName: RemoteName }[] };
const only = process.env.CONTRACT_REMOTE;
const remotes = apps.remotes.filter((r) => !only || r.mfName === only || r.folder === only);
const hostDist = path.join(REPO_ROOT, 'host', 'dist');
const API = ['/app/', '/public/', '/api/', '/login', '/health'];

for (const remote of remotes) {
  test.describe(`${remote.mfName} in the host's runtime`, () => {
    let origin: StaticOrigin;
    const dist = process.env.CONTRACT_DIST ? path.resolve(process.env.CONTRACT_DIST) : path.join(REPO_ROOT, remote.folder, 'dist');

    test.beforeAll(async () => {
      expect(fs.existsSync(path.join(hostDist, 'index.html')), 'the host is built (pnpm --filter @grab/host build)').toBe(true);
      expect(fs.existsSync(path.join(dist, 'remoteEntry.js')), `${remote.folder} is built`).toBe(true);
      const manifest = JSON.stringify({ remotes: [{ name: remote.mfName, entry: `/remotes/${remote.name}/remoteEntry.js` }] });
      origin = await startStaticOrigin(0, [{ prefix: `/remotes/${remote.name}/`, dir: dist }, { prefix: '/static/', dir: path.join(hostDist, 'static') }], (pathname, response) => {
        if (pathname === '/remotes.json') {
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(manifest);
        } else if (API.some((prefix) => pathname.startsWith(prefix))) {
          response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 503, data: null, msg: 'no API in a contract test' }));
        } else if (!/\.[a-z0-9]+$/i.test(pathname)) {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fs.readFileSync(path.join(hostDist, 'index.html')));
        } else {
          return false;
        }
        return true;
      });
    });
    test.afterAll(async () => origin?.close());

    test.beforeEach(async ({ page }) => {
      // A stored session, as after login: the guard lets the pages open.
      await page.addInitScript(() => {
        localStorage.setItem('token', 'contract-test');
        const userInfo = { id: 1, phone: '9800000000', country: 'IN', thirdUserId: '', thirdName: '', asset: 0, level: 1, inviteCode: 'ROOT01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' };
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      });
    });

    for (const expose of REMOTE_MODULES[remote.mfName]) {
      test(`renders ${expose}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const route = (EXPOSED_ROUTES[remote.mfName] as Record<string, string | null>)[expose];
        const entry = page.waitForResponse((r) => r.url() === `${origin.url}/remotes/${remote.name}/remoteEntry.js`);
        if (route) {
          await page.goto(`${origin.url}${route}`);
          expect((await entry).status()).toBe(200);
          await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
          await expect(page.getByText('This section could not load')).toHaveCount(0);
        } else {
          // Not mounted by the host: the host's runtime must still hand out a component. The runtime
          // starts with the first remote page, so a page of the same remote is opened first.
          const mounted = Object.values(EXPOSED_ROUTES[remote.mfName] as Record<string, string | null>).find((r) => r !== null);
          await page.goto(`${origin.url}${mounted ?? '/team'}`);
          expect((await entry).status()).toBe(200);
          const kind = await page.evaluate(async (id) => {
            const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; loadRemote(id: string): Promise<{ default?: unknown }> }[] } }).__FEDERATION__;
            const host = federation.__INSTANCES__.find((instance) => instance.name === 'host');
            const module = await host?.loadRemote(id);
            return typeof module?.default;
          }, `${remote.mfName}/${expose}`);
          expect(['function', 'object']).toContain(kind);
        }
        expect(errors).toEqual([]);
      });
    }
  });
}
