import type { Locator, Page } from '@playwright/test';
import { freshPhone, freshPhoneOf } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { taskTitled } from '../support/tasks';

test.describe('languages (SPEC §9)', () => {
  test("a language of another currency than the account's asks first; Urdu turns the page right-to-left", async ({ signedInPage: page }) => {
    await page.goto('/language');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en-US');
    const dialog = page.getByRole('dialog');

    // The account is paid in rupees (an Indian number), and English already goes with dollars:
    // so does Español, so it switches without asking.
    await page.getByRole('radio', { name: 'Español' }).click();
    await expect(html).toHaveAttribute('lang', 'es-419');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Language');

    // Bengali goes with BDT: the earner is asked, told amounts and withdrawals stay in rupees, and
    // cancelling keeps Spanish.
    await page.getByRole('radio', { name: 'বাংলা' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('BDT');
    await expect(dialog).toContainText('INR');
    await dialog.getByRole('button').first().click();
    await expect(dialog).toHaveCount(0);
    await expect(html).toHaveAttribute('lang', 'es-419');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();

    // Urdu goes with PKR: confirming switches, right to left, kept in local storage.
    await page.getByRole('radio', { name: 'اردو' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').last().click();
    await expect(html).toHaveAttribute('lang', 'ur-PK');
    await expect(html).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ur-PK');

    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('radio', { name: 'اردو' })).toBeChecked();
  });

  test('before logging in, the login page and the server messages speak the chosen language', async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'hi-IND');
    });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'id-ID');
    const submit = page.getByRole('button', { name: 'Masuk' });
    await submit.click();
    await expect(page.getByText('Silakan masukkan nomor telepon')).toBeVisible();

    // A refusal decided by the server arrives already translated.
    await page.getByLabel('Nomor telepon').fill(freshPhone());
    await page.locator('input[type=password]').fill('no-such-account-1');
    await submit.click();
    await expect(page.getByText('Nomor telepon atau kata sandi salah')).toBeVisible();
  });
});

test.describe('a phone set to Urdu that never chose a language', () => {
  test.use({ locale: 'ur-PK' });

  test('opens in Urdu, right to left, from Pakistan, the server answering in Urdu; English once chosen stays', async ({ page }) => {
    await page.goto('/login');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'ur-PK');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('select[name="country"]')).toHaveValue('PK');
    const submit = page.getByRole('button', { name: 'لاگ ان' });
    await submit.click();
    await expect(page.getByText('براہ کرم فون نمبر درج کریں')).toBeVisible();
    await page.getByLabel('فون نمبر').fill(freshPhoneOf('PK'));
    await page.locator('input[type=password]').fill('no-such-account-1');
    await submit.click();
    await expect(page.getByText('غلط فون نمبر یا پاس ورڈ')).toBeVisible();

    // The earner's own choice outranks the phone's, after a reload too.
    await page.getByLabel('زبان').selectOption('en-US');
    await expect(html).toHaveAttribute('lang', 'en-US');
    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en-US');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    // In English too, the phone still says Pakistan, a better guess than English's own country.
    await expect(page.locator('select[name="country"]')).toHaveValue('PK');
  });
});

test.describe('a phone in a language the app does not speak', () => {
  test.use({ locale: 'fr-FR' });

  test('opens in English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});

/**
 * Which way a drawn arrowhead points: the column of its tip (the middle row's ink) against the
 * columns of its arms' ends (the top row's ink). Read from the pixels Chromium drew, so a
 * character the text already mirrors and a CSS flip on top of it cannot cancel out unseen.
 */
async function pointing(page: Page, target: Locator): Promise<'left' | 'right'> {
  // Clear of the tab bar fixed at the bottom of the screen.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const png = await target.screenshot();
  return page.evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const inkAt = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return (data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 3 * 200;
    };
    const rows: number[][] = [];
    for (let y = 0; y < height; y++) {
      const xs: number[] = [];
      for (let x = 0; x < width; x++) if (inkAt(x, y)) xs.push(x);
      if (xs.length > 0) rows.push(xs);
    }
    if (rows.length < 3) throw new Error('no arrowhead drawn');
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const tip = mean(rows[Math.floor(rows.length / 2)] ?? []);
    const armEnd = mean(rows[0] ?? []);
    return tip > armEnd ? 'right' : 'left';
  }, [...png]);
}

test('the arrowheads of links that lead on point the way the text reads: right in English, left in Urdu', async ({ signedInPage: page }) => {
  const onward = [
    { path: '/home', link: () => page.getByTestId('home-level') },
    { path: '/user', link: () => page.locator('a[href="/withdrawalOrders"]') },
    { path: '/team', link: () => page.locator('main a[href="/userLevel"]') },
  ];
  // Local storage belongs to the app's origin: a page of it first.
  await page.goto('/home');
  for (const [language, way] of [
    ['en-US', 'right'],
    ['ur-PK', 'left'],
  ] as const) {
    await page.evaluate((key) => localStorage.setItem('language', key), language);
    for (const { path, link } of onward) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const head = link().locator('[aria-hidden="true"]').last();
      await expect(head).toHaveText('›');
      expect(await pointing(page, head), `${path} in ${language}`).toBe(way);
    }
  }
});

test('an Urdu task text that opens with the brand is laid out right to left, the brand first on the right', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Follow our official page');
  await page.goto('/home');
  await page.evaluate(() => localStorage.setItem('language', 'ur-PK'));
  await page.goto(`/taskDetail?taskId=${task.id}&taskType=${task.kind}`);
  const description = page.locator('p').filter({ hasText: 'Grab کا آفیشل پیج' });
  await expect(description).toHaveAttribute('dir', 'rtl');
  // Where the browser drew the brand and the word after it: "کا" follows "Grab", so in a right-to-left
  // line it is on its left. Laid out left to right (dir="auto" went by the brand's first letter), the brand
  // sat at the left end of the line and the rest of the sentence ran on after it.
  const [brand, next] = await description.evaluate((p) => {
    const text = p.firstChild as Text;
    const at = (word: string) => {
      const range = document.createRange();
      const start = (text.data ?? '').indexOf(word);
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      return range.getBoundingClientRect();
    };
    const b = at('Grab');
    const k = at(' کا ');
    return [
      { left: b.left, right: b.right, top: b.top },
      { left: k.left, right: k.right, top: k.top },
    ];
  });
  expect(Math.abs(brand.top - next.top)).toBeLessThan(4);
  expect(next.right).toBeLessThanOrEqual(brand.left + 1);
  const box = await description.boundingBox();
  expect(brand.right).toBeGreaterThan((box?.x ?? 0) + (box?.width ?? 0) - 8);
});
