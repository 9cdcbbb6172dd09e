import type { APIRequestContext, Page } from '@playwright/test';
import { type Earner, registerEarnerOf } from '../support/earners';
import { expect, signIn, test } from '../support/fixtures';

// Partner offers at a phone's size, in the currency of the earner's phone country, in English and
// in Urdu (right to left, rupees of Pakistan):
// the price to pay, the usual price with the saving and the percent off in words, a real link to
// the partner in a new tab, the click counted once, and the loading, failed and empty states.

async function clickedOffers(request: APIRequestContext, earner: Earner): Promise<boolean[]> {
  const response = await request.get('/app/currency/goods/list', { headers: { authorization: `Bearer ${earner.token}` } });
  return ((await response.json()).data.offers as { clicked: boolean }[]).map((o) => o.clicked);
}

/** Partner pages are on the reserved `.example` domain: answered here, never by the network. */
async function stubPartners(page: Page) {
  await page.context().route('https://partners.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner</title><h1>Partner shop</h1>' }),
  );
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('from Account: each offer says what to pay, the usual price and the saving; the partner opens in a new tab and the click counts once', async ({
  signedInPage: page,
  earner,
  request,
}) => {
  await stubPartners(page);
  await page.goto('/user');
  await page.getByRole('link', { name: 'Partner offers' }).click();
  await expect(page).toHaveURL('/offers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner offers');
  await expect(page.getByText('you pay the partner directly; Grab never asks you to pay')).toBeVisible();

  const offers = page.getByTestId('offer');
  await expect(offers).toHaveCount(3);
  const first = offers.first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('Mobile data pack, 10 GB');
  await expect(first.getByText('NetGo', { exact: true })).toBeVisible();
  // The fixture's Indian earner reads English and is offered rupee deals: ₹249.00 at 20 % off.
  await expect(first.getByTestId('offer-pay')).toHaveText('You pay ₹199.20');
  await expect(first.getByTestId('offer-was')).toHaveText('Usual price ₹249.00 · you save ₹49.80');
  await expect(first.getByTestId('offer-off')).toHaveText('20% off');
  await expect(offers.nth(1).getByTestId('offer-off')).toHaveText('50% off');
  await noSidewaysScroll(page);

  const open = first.getByRole('link', { name: 'Open the offer at NetGo (opens in a new tab)' });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /\bnoopener\b/);
  const popup = page.waitForEvent('popup');
  await open.click();
  await expect(await popup).toHaveURL('https://partners.example/in/data');
  await expect(first.getByText('You opened this offer before')).toBeVisible();
  await expect.poll(() => clickedOffers(request, earner)).toEqual([true, false, false]);

  // A second tap opens the page again and is not counted again.
  const again = page.waitForEvent('popup');
  await open.click();
  await expect(await again).toHaveURL('https://partners.example/in/data');
  await expect.poll(() => clickedOffers(request, earner)).toEqual([true, false, false]);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/user');
});

test('in Urdu: right to left, in rupees of Pakistan, with the saving in words', async ({ page, request }) => {
  const earner = await registerEarnerOf(request, { country: 'PK', language: 'ur-PK' });
  await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
  await signIn(page, earner);
  await page.goto('/offers');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('پارٹنر آفرز');
  const first = page.getByTestId('offer').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('موبائل ڈیٹا پیک، 10 جی بی');
  await expect(first.getByTestId('offer-pay')).toContainText('ادا کریں گے');
  await expect(first.getByTestId('offer-pay')).toContainText('800');
  await expect(first.getByTestId('offer-was')).toContainText('1,000');
  await expect(first.getByTestId('offer-was')).toContainText('200');
  await expect(first.getByTestId('offer-off')).toContainText('20');
  await expect(first.getByRole('link', { name: /NetGo/ })).toBeVisible();
  await noSidewaysScroll(page);
});

test('while loading it says so; a failed load offers Try again, which really asks again', async ({ signedInPage: page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let failNext = true;
  await page.route('**/app/currency/goods/list', async (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    await held;
    await route.abort('connectionreset');
  });
  await page.goto('/offers');
  // The page is up and waits for its list, saying so.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner offers');
  await expect(page.locator('.g-loading[aria-busy="true"]').first()).toBeVisible();
  release();
  await expect(page.getByRole('alert').getByText('The offers could not be loaded.')).toBeVisible();
  await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('offer')).toHaveCount(3);
});

test('with no offer in the currency, it says so instead of an empty page', async ({ signedInPage: page }) => {
  await page.route('**/app/currency/goods/list', (route) => route.fulfill({ json: { code: 200, data: { offers: [] }, msg: 'ok' } }));
  await page.goto('/offers');
  await expect(page.getByText('No partner offers in your currency right now. Please check again later.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
});

test('in Urdu, a dollar price is drawn as it is written, its sign before its digits', async ({ page, request }) => {
  // A US number is offered dollar deals; Urdu only changes the words around the price.
  const earner = await registerEarnerOf(request, { country: 'US' });
  await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
  await signIn(page, earner);
  await page.goto('/offers');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const pay = page.getByTestId('offer').first().getByTestId('offer-pay');
  await expect(pay).toContainText('ادا کریں گے');
  await expect(pay).toContainText('$4.00');
  // Where Chromium drew each character: in "$4.00", the sign left of the 4 and the 4 left of the 00.
  const lefts = await pay.evaluate((element) => {
    const node = element.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) throw new Error('the price is not one text');
    const text = node.textContent ?? '';
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    const sign = text.indexOf('$');
    return { sign: at(sign), four: at(sign + 1), point: at(sign + 2) };
  });
  expect(lefts.sign).toBeLessThan(lefts.four);
  expect(lefts.four).toBeLessThan(lefts.point);
});
