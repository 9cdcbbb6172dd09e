import { Shell } from '../pages/shell.pages';
import { expect, test } from '../support/fixtures';

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
