import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_PASSWORD, type Earner, freshPhone, registerEarner } from '../support/earners';
import { expect, signIn, test } from '../support/fixtures';

// Invitation links opened by someone already logged in, and partner offers: the price to pay and
// the saving in words, a real link to the partner, the click counted once.

/** An earner whose language, and so currency, is chosen at sign-up as the register page sends it. */
async function earnerSpeaking(request: APIRequestContext, language: string): Promise<Earner> {
  const phone = freshPhone();
  const response = await request.post('/public/user/register', {
    headers: { 'accept-language': language },
    data: { country: 'IN', phone, password: DEFAULT_PASSWORD, rePassword: DEFAULT_PASSWORD, inviteCode: 'ROOT01' },
  });
  const body = await response.json();
  expect(body.code).toBe(200);
  return { country: 'IN', phone, password: DEFAULT_PASSWORD, token: body.data.token, userInfo: body.data.userInfo };
}

async function offersOf(request: APIRequestContext, earner: Earner) {
  const response = await request.get('/app/currency/goods/list', { headers: { authorization: `Bearer ${earner.token}` } });
  return (await response.json()).data.offers as { id: number; clicked: boolean; url: string }[];
}

test('an invite link opened while logged in says so; logging out keeps the inviter and the code', async ({ signedInPage: page, request }) => {
  const inviter = await registerEarner(request);
  const code = inviter.userInfo.inviteCode;
  await page.goto(`/register?shareCode=${code}`);
  await expect(page.getByTestId('signed-in-note')).toContainText('You are already logged in');
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Log out and register' }).click();
  await expect(page.getByTestId('signed-in-note')).toBeHidden();
  await expect(page.getByLabel('Invitation code')).toHaveValue(code);
  await expect(page.getByTestId('inviter')).toContainText('Invited by');
  // The session is really gone: Home now asks to log in.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('the Team page shows the share link shortened on one line, with Copy', async ({ signedInPage: page, earner }) => {
  await page.goto('/team');
  const copy = page.getByRole('button', { name: /copy.*link/i });
  await expect(copy).toBeVisible();
  const shown = page.getByText(new RegExp(`…${earner.userInfo.inviteCode}$`));
  await expect(shown).toBeVisible();
  const box = await shown.boundingBox();
  const line = await shown.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 24);
  expect(box?.height ?? 0).toBeLessThanOrEqual(line * 1.5);
});

test('offers from Account: the price to pay, the usual price and the saving; the partner opens in a new tab and the click counts once', async ({
  page,
  context,
  request,
}) => {
  const earner = await earnerSpeaking(request, 'en-US');
  await signIn(page, earner);
  await context.route('https://partners.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Partner shop</h1>' }));
  await page.goto('/user');
  await page.getByRole('link', { name: 'Partner offers' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner offers');
  const first = page.getByTestId('offer').first();
  await expect(first.getByRole('heading')).toHaveText('Mobile data pack, 10 GB');
  await expect(first.getByTestId('offer-pay')).toHaveText('You pay $4.00');
  await expect(first.getByText('Usual price $5.00')).toBeVisible();
  await expect(first.getByTestId('offer-save')).toHaveText('You save $1.00 (20% off)');

  const popupOpened = page.waitForEvent('popup');
  await first.getByRole('link', { name: /Open offer at NetGo/ }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL('https://partners.example/us/data');
  await expect(first.getByText('Opened before')).toBeVisible();
  // A second tap opens the page again and is not counted again.
  const again = page.waitForEvent('popup');
  await first.getByRole('link', { name: /Open offer at NetGo/ }).click();
  await again;
  const offers = await offersOf(request, earner);
  expect(offers.filter((o) => o.clicked)).toHaveLength(1);
});

test('offers in Urdu, right to left, in rupees of Pakistan', async ({ page, request }) => {
  const earner = await earnerSpeaking(request, 'ur-PK');
  await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
  await signIn(page, earner);
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('پارٹنر آفرز');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const first = page.getByTestId('offer').first();
  await expect(first.getByRole('heading')).toHaveText('موبائل ڈیٹا پیک، 10 GB');
  await expect(first.getByTestId('offer-pay')).toContainText('ادا کریں گے');
  await expect(first.getByTestId('offer-pay')).toContainText('800');
  await expect(first.getByTestId('offer-save')).toContainText('200');
  await expect(first.getByTestId('offer-save')).toContainText('20');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
