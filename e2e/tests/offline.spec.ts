import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/auth.pages';
import { AccountPage, Shell } from '../pages/shell.pages';
import { registerEarner } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { taskCard } from '../support/tasks';

test.describe('offline worker', () => {
  test('is registered at the site root after load, and the app opens offline with a notice', async ({ signedInPage: page, context }) => {
    await page.goto('/home');
    await new Shell(page).tabs.waitFor();
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(new URL('/', page.url()).href);
    // Registered only after the load event, so the next load is the first one served under it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(new URL('/sw.js', page.url()).href);

    await context.setOffline(true);
    await page.reload();
    await expect(new Shell(page).tabs).toBeVisible();
    await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
    await context.setOffline(false);
  });

  test('never serves API data from its cache', async ({ signedInPage: page, context }) => {
    await page.goto('/home');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    const status = await page.evaluate(async () => {
      try {
        const response = await fetch('/app/user/assetInfo', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return response.status;
      } catch {
        return 'network-error';
      }
    });
    expect(status).toBe('network-error');
    await context.setOffline(false);
  });
});

/**
 * The earner ids of the offline snapshots kept on this phone (IndexedDB `grab-offline`); null while
 * the page is between documents (a logout reloads it), so a poll asks again instead of failing.
 */
async function snapshotOwners(page: Page): Promise<number[] | null> {
  try {
    return await readSnapshotOwners(page);
  } catch (error) {
    if (/Execution context was destroyed|navigat/i.test(String(error))) return null;
    throw error;
  }
}

function readSnapshotOwners(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('grab-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('snapshots', { keyPath: 'userId' });
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(Number));
          };
          keys.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
  );
}

test('Home offline: the last task list and balance, read-only with when they were updated; the next earner on the phone never sees them', async ({
  signedInPage: page,
  earner,
  context,
  request,
}) => {
  // This earner's balance differs from a new earner's: a code was redeemed.
  const redeemed = await request.get('/app/task/exchange?code=WELCOME2026', { headers: { authorization: `Bearer ${earner.token}` } });
  expect(((await redeemed.json()) as { code: number }).code).toBe(200);
  const shell = new Shell(page);
  await page.goto('/home');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const card = taskCard(page, 'Follow our official page');
  await expect(card.getByRole('link', { name: /^Start/ })).toBeVisible();
  const balance = (await page.getByTestId('home-balance').textContent()) ?? '';
  expect(balance).not.toBe('');
  await expect.poll(() => snapshotOwners(page), { timeout: 15_000 }).toEqual([earner.userInfo.id]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-note')).toContainText(/^Offline · last updated (now|\d+ (second|minute)s? ago)\./);
  await expect(page.getByTestId('home-balance')).toHaveText(balance);
  const start = card.getByRole('button', { name: /^Start/ });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/Tasks open again when you are back online\./);
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
  // The notice at the top says why calls fail: no toast per failed call piles up beside it.
  await expect(page.getByText('Connection failed, please reconnect')).toHaveCount(0);
  await expect(page.getByText('errors.network')).toHaveCount(0);
  await expect(shell.tabs).toBeVisible();

  // A page that cannot load offline still has its way back.
  await page.goto('/taskDetail?taskId=1&taskType=joinGroup');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('offline-note')).toBeVisible();
  await expect(shell.tabs).toBeVisible();

  // Log out, and another earner logs in on the same phone.
  await context.setOffline(false);
  await shell.account.click();
  await new AccountPage(page).logout.click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => snapshotOwners(page)).toEqual([]);
  const next = await registerEarner(request);
  const login = new LoginPage(page);
  await login.logIn(next.phone, next.password);
  await expect(page).toHaveURL('/home');
  await expect(page.getByTestId('home-balance')).not.toHaveText(balance);
  const nextBalance = (await page.getByTestId('home-balance').textContent()) ?? '';
  await expect.poll(() => snapshotOwners(page), { timeout: 15_000 }).toEqual([next.userInfo.id]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-note')).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText(nextBalance);
  await context.setOffline(false);
});
