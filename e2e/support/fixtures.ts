import { test as base, expect, type Page } from '@playwright/test';
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

/**
 * Every test also checks what a person would not see: the page must run under its Content Security
 * Policy without a single violation, and must throw no uncaught error.
 */
export const test = base.extend<{ earner: Earner; signedInPage: Page; pageHealth: undefined; expectedPageErrors: RegExp[] }>({
  // A test that ships a broken build on purpose names the error it expects; any other still fails.
  expectedPageErrors: [[], { option: true }],
  pageHealth: [
    async ({ page, expectedPageErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => {
        if (!expectedPageErrors.some((expected) => expected.test(error.message))) problems.push(`uncaught: ${error.message}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      await use(undefined);
      expect(problems, 'page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  earner: async ({ request }, use) => {
    await use(await registerEarner(request));
  },
  signedInPage: async ({ page, earner }, use) => {
    await signIn(page, earner);
    await use(page);
  },
});

export { expect };
