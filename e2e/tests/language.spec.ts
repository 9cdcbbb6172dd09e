import { freshPhone } from '../support/earners';
import { expect, test } from '../support/fixtures';

test.describe('languages (SPEC §9)', () => {
  test('a language with another currency asks first; Urdu turns the page right-to-left', async ({ signedInPage: page }) => {
    await page.goto('/language');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en-US');
    const dialog = page.getByRole('dialog');

    // The account's currency is USD: Español (USD) switches without asking.
    await page.getByRole('radio', { name: 'Español' }).click();
    await expect(html).toHaveAttribute('lang', 'es-419');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Language');

    // Bengali shows BDT: the earner is asked, and cancelling keeps Spanish.
    await page.getByRole('radio', { name: 'বাংলা' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').first().click();
    await expect(dialog).toHaveCount(0);
    await expect(html).toHaveAttribute('lang', 'es-419');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();

    // Urdu shows PKR: confirming switches, right to left, kept in local storage.
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
