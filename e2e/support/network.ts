import type { Page } from '@playwright/test';

/**
 * The server takes the first call matching `url` and does what it asks, but its answer never
 * reaches the phone (the connection resets on the way back): what a slow mobile link does to a
 * write. Later calls go through untouched.
 */
export async function loseFirstAnswer(page: Page, url: string): Promise<void> {
  let lost = false;
  await page.route(url, async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}
