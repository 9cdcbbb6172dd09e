import type { Page } from '@playwright/test';
import { RegisterPage } from '../pages/auth.pages';
import { DEFAULT_PASSWORD, freshPhone, registerEarner, ROOT_INVITE_CODE } from '../support/earners';
import { expect, test } from '../support/fixtures';
import { taskCard, taskTitled } from '../support/tasks';

// Issue 13: /register opened while logged in, the one-time invitation to the official group after
// registration, and the install prompt that waits for a first reward and can be dismissed for good.

/** What Chrome fires when the site may be installed; the test stands in for the browser. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { installPrompted: number }).installPrompted = ((window as unknown as { installPrompted?: number }).installPrompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test.describe('register page while logged in', () => {
  test('says the earner is logged in, keeps who invites them, and logging out brings the form back with the code', async ({ signedInPage: page, request }) => {
    const inviter = await registerEarner(request);
    const code = inviter.userInfo.inviteCode;
    await page.goto(`/register?shareCode=${code}`);
    const note = page.getByTestId('signed-in-note');
    await expect(note).toContainText('You are already logged in on this phone. To create another account, log out first.');
    await expect(page.getByTestId('inviter')).toContainText('Invited by');
    await expect(page.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
    await expect(note.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');

    await note.getByRole('button', { name: 'Log out and register' }).click();
    await expect(note).toHaveCount(0);
    await expect(page.getByLabel('Invitation code')).toHaveValue(code);
    await expect(page.getByTestId('inviter')).toContainText('Invited by');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The session is really gone: Home now asks to log in.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });

  test('Go to Home leads home, in Urdu too', async ({ signedInPage: page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ur-PK'));
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const note = page.getByTestId('signed-in-note');
    await expect(note).toContainText('پہلے سے لاگ اِن');
    await note.getByRole('link', { name: 'ہوم پر جائیں' }).click();
    await expect(page).toHaveURL('/home');
  });
});

test.describe('the official group, once after registration', () => {
  async function registerThroughForm(page: Page) {
    const register = new RegisterPage(page);
    await register.goto(`?shareCode=${ROOT_INVITE_CODE}`);
    await register.register({ phone: freshPhone(), password: DEFAULT_PASSWORD });
    await expect(page).toHaveURL('/home');
  }

  test('leads to the group task; not shown again', async ({ page }) => {
    await registerThroughForm(page);
    const prompt = page.getByTestId('join-group-prompt');
    await expect(prompt.getByRole('heading', { name: 'Join our official group' })).toBeVisible();
    await expect(prompt).toContainText('Joining is free and earns 5 points.');
    // The welcome bonus's toast shows above the prompt, never over its buttons.
    await expect
      .poll(async () => {
        const [toasts, card] = [await page.getByTestId('toaster').boundingBox(), await prompt.boundingBox()];
        return toasts && card ? toasts.y + toasts.height - card.y : null;
      })
      .toBeLessThanOrEqual(0);
    await prompt.getByRole('link', { name: 'Join the group' }).click();
    await expect(page).toHaveURL(/\/taskDetail\?taskId=\d+&taskType=joinGroup$/);
    await expect(page.getByRole('heading', { name: 'Join our community group' })).toBeVisible();
    await page.goto('/home');
    await expect(taskCard(page, 'Join our community group')).toBeVisible();
    await expect(page.getByTestId('join-group-prompt')).toHaveCount(0);
  });

  test('"No thanks" puts it away for good', async ({ page }) => {
    await registerThroughForm(page);
    const prompt = page.getByTestId('join-group-prompt');
    await prompt.getByRole('button', { name: 'No thanks' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(taskCard(page, 'Join our community group')).toBeVisible();
    await expect(page.getByTestId('join-group-prompt')).toHaveCount(0);
  });

  test('an earner who logs in instead is not asked', async ({ page, earner }) => {
    await page.goto('/login');
    await page.getByLabel('Country').selectOption('IN');
    await page.getByLabel('Phone number').fill(earner.phone);
    await page.getByLabel('Password', { exact: true }).fill(earner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/home');
    await expect(taskCard(page, 'Join our community group')).toBeVisible();
    await expect(page.getByTestId('join-group-prompt')).toHaveCount(0);
  });
});

test.describe('adding Grab to the home screen', () => {
  test('absent on first load; offered after a first reward; the browser dialog is used; dismissed for good across reloads', async ({
    signedInPage: page,
    earner,
    request,
  }) => {
    await page.goto('/home');
    const giftTask = await taskTitled(request, earner.token, 'Redeem a gift code');
    await expect(taskCard(page, giftTask.title)).toBeVisible();
    await offerInstall(page);
    // Offered by the browser, but the earner has not earned anything yet.
    await expect(taskCard(page, giftTask.title)).toBeVisible();
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);

    // A first reward: a gift code redeemed, in the same visit (the browser offered once, at load).
    await taskCard(page, giftTask.title).getByRole('link').click();
    await expect(page).toHaveURL(`/taskDetail?taskId=${giftTask.id}&taskType=${giftTask.kind}`);
    await page.getByRole('textbox', { name: 'Redemption code' }).fill('WELCOME2026');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('heading', { name: '10 points credited' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/home');

    const prompt = page.getByTestId('install-prompt');
    await expect(prompt.getByRole('heading', { name: 'Add Grab to your home screen' })).toBeVisible();
    // The card rests above the tab bar: the tabs stay usable.
    await expect(page.getByRole('navigation', { name: 'Main sections' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Add to home screen' }).click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { installPrompted?: number }).installPrompted)).toBe(1);

    // Declined in the browser's dialog: asked again on a later visit, until dismissed for good.
    await page.reload();
    await expect(taskCard(page, giftTask.title)).toBeVisible();
    await offerInstall(page);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: "Don't ask again" }).click();
    await expect(prompt).toHaveCount(0);

    for (let visit = 0; visit < 2; visit += 1) {
      await page.reload();
      await expect(taskCard(page, giftTask.title)).toBeVisible();
      await offerInstall(page);
      await expect(taskCard(page, giftTask.title)).toBeVisible();
      await expect(page.getByTestId('install-prompt')).toHaveCount(0);
    }
  });

  test('on iPhone Safari: the Share-menu steps instead of a button', async ({ browser, earner }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(
      ([token, userInfo]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', userInfo);
        // A reward was already collected on this phone.
        localStorage.setItem('firstReward', '1');
      },
      [earner.token, JSON.stringify(earner.userInfo)] as const,
    );
    await page.goto('/home');
    const prompt = page.getByTestId('install-prompt');
    await expect(prompt.getByTestId('install-steps')).toContainText('In Safari, tap Share');
    await expect(prompt.getByTestId('install-steps')).toContainText('Then tap Add to Home Screen');
    await expect(prompt.getByRole('button', { name: 'Add to home screen' })).toHaveCount(0);
    await prompt.getByRole('button', { name: "Got it, don't show again" }).click();
    await expect(prompt).toHaveCount(0);
    await context.close();
  });
});
