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

// Each deploy or rollback is a command a squad runs and waits for (a package script that checks the
// build and writes the manifest). On a busy machine one takes tens of seconds; a test runs up to six.
const DEPLOY_TEST_MS = 300_000;

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
  test.setTimeout(DEPLOY_TEST_MS);
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
    test.setTimeout(DEPLOY_TEST_MS);
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

test.describe('a wallet version that passes the gate but breaks at run time', () => {
  test.use({ expectedPageErrors: [/earnings page broken on purpose/] });

  test('a page that throws while rendering and a page whose chunk is missing each show the fallback with Back and the tab bar; rollback fixes both', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(DEPLOY_TEST_MS);
    await deploy('remote-wallet');
    const broken = build('remote-wallet');
    // Valid code that fails only when the earnings page renders: its entry and the rest load fine.
    expect(replaceInBuild(broken, 'className:"g-page"', 'className:(()=>{throw new Error("earnings page broken on purpose")})()', /__federation_expose_EarningsPage\./)).toBe(1);
    // A chunk that did not make it to the static origin: the orders page's own code answers 404.
    const orders = fs.readdirSync(path.join(broken, 'static/js/async')).filter((f) => f.startsWith('__federation_expose_WithdrawalOrdersPage.'));
    expect(orders.length).toBeGreaterThan(0);
    for (const file of orders) fs.rmSync(path.join(broken, 'static/js/async', file));
    editMfManifest(broken, (mf) => {
      mf.metaData.buildInfo.buildVersion = '0.4.0';
    });
    const deployed = await deploy('remote-wallet', '--dist', broken);
    expect(deployed.stdout).toContain('0.4.0-');

    const shell = new Shell(page);
    const failed = page.getByRole('alert').filter({ hasText: 'This section could not load' });
    // The balance card comes from the same version and still works.
    await page.goto('/user');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(failed).toHaveCount(0);

    for (const route of ['/earningsDetails', '/withdrawalOrders']) {
      await page.goto(route);
      await expect(failed).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'This section could not load' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(shell.tabs).toBeVisible();
      // Opened straight from a link, Back has no history inside Grab and goes to the Account page.
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL('/user');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    }

    // The tab bar of a failed page works too.
    await page.goto('/withdrawalOrders');
    await expect(failed).toBeVisible();
    await shell.home.click();
    await expect(page.getByRole('heading', { name: 'Task hall', exact: true })).toBeVisible();

    // Retry on the open page reads the manifest again: the rolled-back version loads, no reload.
    await page.goto('/withdrawalOrders');
    await expect(failed).toBeVisible();
    await rollback('remote-wallet');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await page.goto('/earningsDetails');
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test('two squads deploying at the same moment both go live, and both replaced entries are kept for rollback', async ({ signedInPage: page }) => {
  test.setTimeout(DEPLOY_TEST_MS);
  await Promise.all([deploy('remote-tasks'), deploy('remote-team')]);
  const before = JSON.parse(fs.readFileSync(server.manifestFile, 'utf8')) as { remotes: { name: string; entry: string }[] };
  const historyFile = server.manifestFile.replace(/\.json$/, '.history.json');
  const historyBefore = JSON.parse(fs.readFileSync(historyFile, 'utf8')) as Record<string, string[]>;

  const tasks = build('remote-tasks');
  editMfManifest(tasks, (mf) => {
    mf.metaData.buildInfo.buildVersion = '0.5.0';
  });
  const team = build('remote-team');
  editMfManifest(team, (mf) => {
    mf.metaData.buildInfo.buildVersion = '0.5.0';
  });
  await Promise.all([deploy('remote-tasks', '--dist', tasks), deploy('remote-team', '--dist', team)]);

  const after = JSON.parse(fs.readFileSync(server.manifestFile, 'utf8')) as { remotes: { name: string; entry: string }[] };
  const entry = (manifest: typeof after, name: string) => manifest.remotes.find((r) => r.name === name)?.entry ?? '';
  expect(entry(after, 'remote_tasks')).toMatch(/\/tasks\/0\.5\.0-/);
  expect(entry(after, 'remote_team')).toMatch(/\/team\/0\.5\.0-/);
  const history = JSON.parse(fs.readFileSync(historyFile, 'utf8')) as Record<string, string[]>;
  expect(history.remote_tasks).toEqual([...(historyBefore.remote_tasks ?? []), entry(before, 'remote_tasks')]);
  expect(history.remote_team).toEqual([...(historyBefore.remote_team ?? []), entry(before, 'remote_team')]);
  expect(fs.existsSync(`${server.manifestFile}.lock`)).toBe(false);

  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
  await Promise.all([rollback('remote-tasks'), rollback('remote-team')]);
  const rolledBack = JSON.parse(fs.readFileSync(server.manifestFile, 'utf8')) as typeof after;
  expect(entry(rolledBack, 'remote_tasks')).toBe(entry(before, 'remote_tasks'));
  expect(entry(rolledBack, 'remote_team')).toBe(entry(before, 'remote_team'));
});

test('the team remote served from a second origin works under the CSP', async ({ signedInPage: page }) => {
  test.setTimeout(DEPLOY_TEST_MS);
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
    // Our origin, the page's one inline script by its hash, the pixel, and the remote's origin.
    const remoteOrigin = origin.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https://connect\\.facebook\\.net ${remoteOrigin}(;|$)`));
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
