import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticOrigin } from '../../tools/delivery/static-origin';
import { Shell } from '../pages/shell.pages';
import { copyBuild, DELIVERY_PORT, editMfManifest, type GrabServer, remoteCommand, replaceInBuild, SECOND_ORIGIN_PORT, startGrabServer } from '../support/delivery';
import { expect, test } from '../support/fixtures';

// Each squad ships its remote on its own while the app runs. These tests deploy to a Grab server
// of their own: a deploy changes what every page of that server loads.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${DELIVERY_PORT}` });

let server: GrabServer;
const copies: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startGrabServer(DELIVERY_PORT);
});

test.afterAll(async () => {
  await server?.stop();
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

function build(folder: string): string {
  const dir = copyBuild(folder);
  copies.push(dir);
  return dir;
}

async function deploy(folder: string, ...args: string[]) {
  const result = await remoteCommand(folder, 'deploy', ['--to', server.remotesDir, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

async function rollback(folder: string) {
  const result = await remoteCommand(folder, 'rollback', ['--to', server.remotesDir]);
  expect(result.code, result.stderr).toBe(0);
}

test('a new tasks version shows after a reload, without a host rebuild or server restart; rollback brings the old one back', async ({ signedInPage: page }) => {
  test.setTimeout(120_000);
  const pid = server.pid;
  await deploy('remote-tasks');
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Task hall', exact: true })).toBeVisible();

  const v2 = build('remote-tasks');
  expect(replaceInBuild(v2, '"Task hall"', '"Task hall, new edition"')).toBeGreaterThan(0);
  editMfManifest(v2, (mf) => {
    mf.metaData.buildInfo.buildVersion = '0.2.0';
  });
  await deploy('remote-tasks', '--dist', v2);

  // The page already open keeps running the version it started with, chunks included.
  const firstTask = page.locator('[data-task-id]').first().getByRole('link');
  await firstTask.click();
  await expect(page).toHaveURL(/\/taskDetail\?/);
  await expect(page.getByText('This section could not load')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Task hall', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Task hall, new edition' })).toBeVisible();

  await rollback('remote-tasks');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Task hall', exact: true })).toBeVisible();
  expect(server.pid).toBe(pid);
});

test.describe('a broken wallet', () => {
  test.use({ expectedPageErrors: [/wallet build broken on purpose/] });

  test('shows the fallback with Retry while the rest works; rollback fixes it without a host change', async ({ signedInPage: page }) => {
    test.setTimeout(120_000);
    await deploy('remote-wallet');
    const broken = build('remote-wallet');
    fs.writeFileSync(path.join(broken, 'remoteEntry.js'), "throw new Error('wallet build broken on purpose');\n");
    fs.rmSync(path.join(broken, 'remoteEntry.js.br'), { force: true });
    fs.rmSync(path.join(broken, 'remoteEntry.js.gz'), { force: true });
    await deploy('remote-wallet', '--dist', broken);

    await page.goto('/user');
    const shell = new Shell(page);
    await expect(page.getByText('This section could not load')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await shell.home.click();
    await expect(page.getByRole('heading', { name: 'Task hall', exact: true })).toBeVisible();

    await rollback('remote-wallet');
    await shell.account.click();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('This section could not load')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByText('This section could not load')).toHaveCount(0);
  });
});

test('the team remote served from a second origin works under the CSP', async ({ signedInPage: page }) => {
  test.setTimeout(120_000);
  const originDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-origin-'));
  copies.push(originDir);
  const origin = await startStaticOrigin(SECOND_ORIGIN_PORT, [{ prefix: '/', dir: originDir }]);
  try {
    await deploy('remote-team', '--to', originDir, '--url', `${origin.url}/`, '--manifest', server.manifestFile);
    const entry = page.waitForResponse((response) => response.url().startsWith(`${origin.url}/team/`) && response.url().endsWith('/remoteEntry.js'));
    await page.goto('/team');
    expect((await entry).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
    const csp = (await page.request.get('/team')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' https://connect.facebook.net ${origin.url}`);
  } finally {
    await origin.close();
  }
});

test('a remote built against another React major is refused at deploy, and the manifest is unchanged', async ({ request }) => {
  await deploy('remote-wallet');
  const before = fs.readFileSync(server.manifestFile, 'utf8');
  const served = await (await request.get('/remotes.json')).json();
  const old = build('remote-wallet');
  editMfManifest(old, (mf) => {
    mf.metaData.buildInfo.buildVersion = '0.3.0';
    for (const shared of mf.shared) {
      if (shared.name.startsWith('react')) {
        shared.version = '18.3.1';
        shared.requiredVersion = '^18.3.1';
      }
    }
  });
  const versionsBefore = fs.readdirSync(path.join(server.remotesDir, 'wallet'));

  const result = await remoteCommand('remote-wallet', 'deploy', ['--to', server.remotesDir, '--dist', old]);
  expect(result.code).not.toBe(0);
  expect(result.stderr).toContain('react: the remote is built with 18.3.1 and asks for ^18.3.1, the host provides 19.');
  expect(result.stderr).toContain('is unchanged');
  expect(fs.readFileSync(server.manifestFile, 'utf8')).toBe(before);
  expect(fs.readdirSync(path.join(server.remotesDir, 'wallet'))).toEqual(versionsBefore);
  expect(await (await request.get('/remotes.json')).json()).toEqual(served);
});
