import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { type Earner, registerEarner } from './earners';

/** The operator console is for desktop browsers. */
export const DESKTOP = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;

/** A fresh account given an operator role through the test hook; the role counts from its next sign-in. */
export async function operator(request: APIRequestContext, role: 'admin' | 'reviewer' | 'payout'): Promise<Earner> {
  const account = await registerEarner(request);
  const response = await request.post('/test/role', { headers: { authorization: `Bearer ${account.token}` }, data: { role } });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`role: ${JSON.stringify(body)}`);
  return account;
}

/** Signs in to the console the way an operator does: the earner app's login, then the role check. */
export async function signInToConsole(page: Page, account: Earner): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
}

export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}
