import { test as base, type Page } from '@playwright/test';
import { type Earner, registerEarner } from './earners';

/** Stores a session the way the app does after login: `token` and `userInfo` in local storage. */
export async function signIn(page: Page, earner: Earner): Promise<void> {
  await page.addInitScript(
    ([token, userInfo]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', userInfo);
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [earner.token, JSON.stringify(earner.userInfo)] as const,
  );
}

export const test = base.extend<{ earner: Earner; signedInPage: Page }>({
  earner: async ({ request }, use) => {
    await use(await registerEarner(request));
  },
  signedInPage: async ({ page, earner }, use) => {
    await signIn(page, earner);
    await use(page);
  },
});

export { expect } from '@playwright/test';
