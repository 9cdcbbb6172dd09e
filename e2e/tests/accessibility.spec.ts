import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { cutOrSideways, keyboardProblems, motionLeft, resize, seriousAxeViolations, settled, squeezedIcons, withDoubleText } from '../support/accessibility';
import { earnerWithContent, type Screen } from '../support/accessibility-earner';
import { DESKTOP, operator, signInToConsole } from '../support/console';
import { expect, test } from '../support/fixtures';

// Every earner screen, in English and in Urdu (right to left), as a person with a disability meets
// it on a phone: no serious or critical axe violation; one main landmark; nothing cut off or
// scrolling sideways at 320 px, nor with text at 200 %; nothing moving when reduced motion is asked
// for; every control reached by Tab with a visible focus. One browser context and one sign-in per
// language.

const LANGUAGES = ['en-US', 'ur-PK'] as const;

// The worker would serve pages from its cache and keep the failed-remote state from being reached.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 300_000 });

function hostText(language: string, key: 'offline.notice'): string {
  const texts = JSON.parse(fs.readFileSync(new URL(`../../host/src/locales/${language}.json`, import.meta.url), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], texts) as unknown as string;
}

/**
 * All checks of one screen, already open and settled; failures are collected, not thrown, so one run
 * names them all. A console screen (`desk`) is met at a desk, with no animation: its wide tables
 * are not held to a phone's widths or its motion rules.
 */
async function checkScreen(page: Page, name: string, { desk = false } = {}): Promise<void> {
  await test.step(name, async () => {
    await settled(page);
    expect.soft(await seriousAxeViolations(page), `${name}: axe`).toEqual([]);
    // A screen reader's "skip to main content" needs exactly one, on full-screen pages as on tabs.
    expect.soft(await page.getByRole('main').count(), `${name}: one main landmark`).toBe(1);
    if (!desk) expect.soft(await motionLeft(page), `${name}: motion under reduced motion`).toEqual([]);
    expect.soft(await keyboardProblems(page), `${name}: keyboard`).toEqual([]);
    if (desk) return;
    const size = page.viewportSize() ?? { width: 390, height: 844 };
    expect.soft(await withDoubleText(page, async () => [...(await cutOrSideways(page)), ...(await squeezedIcons(page))]), `${name}: 200 % text`).toEqual([]);
    await resize(page, { width: 320, height: 640 });
    expect.soft([...(await cutOrSideways(page)), ...(await squeezedIcons(page))], `${name}: 320 px`).toEqual([]);
    await resize(page, size);
  });
}

async function open(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await checkScreen(page, screen.name);
}

for (const language of LANGUAGES) {
  test(`every earner screen in ${language} is accessible`, async ({ page, request }) => {
    const { earner, taskScreens } = await earnerWithContent(request);
    await page.addInitScript((key) => localStorage.setItem('language', key), language);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Counts animation frames (the lucky draw takes the function when its widget is built): a spin
    // draws hundreds from the tap to the prize, a result shown at once a few.
    await page.addInitScript(() => {
      const counter = window as unknown as { __frames: number };
      counter.__frames = 0;
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        counter.__frames += 1;
        return request(callback);
      };
    });

    await open(page, { name: 'login', path: '/login' });
    await open(page, { name: 'register', path: `/register?shareCode=${earner.userInfo.inviteCode}` });

    // Signed in the way the login page leaves it.
    await page.evaluate(([token, userInfo]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', userInfo);
    }, [earner.token, JSON.stringify(earner.userInfo)] as const);

    const screens: Screen[] = [
      { name: 'home', path: '/home' },
      ...taskScreens,
      { name: 'withdrawal', path: '/withdrawal' },
      { name: 'withdrawal orders', path: '/withdrawalOrders' },
      { name: 'earnings', path: '/earningsDetails' },
      { name: 'team', path: '/team' },
      { name: 'level', path: '/userLevel' },
      { name: 'account', path: '/user' },
      { name: 'language picker', path: '/language' },
      { name: 'change password', path: '/changePassword' },
      { name: 'offers', path: '/offers' },
      // Signed in, /register says so instead of showing the form.
      { name: 'register while signed in', path: '/register' },
    ];
    for (const screen of screens) await open(page, screen);

    await test.step('team: the widest invitation code the alphabet allows', async () => {
      // Codes are random; one of wide letters (W, M) once ran past its box at large text.
      await page.goto('/team');
      await settled(page);
      const codes = [/^[A-Z0-9]{8}$/, /^\/…[A-Z0-9]{8}$/];
      for (const shown of codes) {
        await page.getByText(shown).evaluate((el) => {
          el.textContent = el.textContent?.replace(/[A-Z0-9]{8}$/, 'WWWWWWWW') ?? '';
        });
      }
      // At the phone's own text size the code is never broken: the host gives way to it.
      const linesOf = (shown: RegExp) =>
        page.getByText(shown).evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
      for (const shown of [/^W{8}$/, /^\/…W{8}$/]) expect.soft(await linesOf(shown), `team: ${shown} on one line`).toBe(1);
      expect.soft(await withDoubleText(page, () => cutOrSideways(page)), 'team, widest code: 200 % text').toEqual([]);
      const size = page.viewportSize() ?? { width: 390, height: 844 };
      await resize(page, { width: 320, height: 640 });
      expect.soft(await cutOrSideways(page), 'team, widest code: 320 px').toEqual([]);
      await resize(page, size);
    });

    await test.step('lucky draw: the spin lands at once under reduced motion', async () => {
      await page.goto('/luckyDraw');
      await checkScreen(page, 'lucky draw');
      await page.evaluate(() => {
        (window as unknown as { __frames: number }).__frames = 0;
      });
      await page.locator('[data-widget]').getByRole('button').first().click();
      await expect(page.getByTestId('draw-won')).toBeVisible({ timeout: 30_000 });
      expect.soft(await page.evaluate(() => (window as unknown as { __frames: number }).__frames), 'animation frames of the spin').toBeLessThan(10);
    });

    await test.step('offline banner', async () => {
      await page.goto('/home');
      await settled(page);
      await page.context().setOffline(true);
      await expect(page.getByText(hostText(language, 'offline.notice'))).toBeVisible();
      await checkScreen(page, 'home offline');
      await page.context().setOffline(false);
    });

    await test.step('a section that failed to load', async () => {
      await page.route('**/remotes/tasks/**', (route) => route.abort('connectionrefused'));
      await page.goto('/home');
      await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, 'home failed');
      await page.unroute('**/remotes/tasks/**');
      await page.route('**/remotes/wallet/**', (route) => route.abort('connectionrefused'));
      await page.goto('/withdrawal');
      await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, 'withdrawal failed');
      await page.unroute('**/remotes/wallet/**');
    });
  });
}

// The console's screens, at a desk. The review queue is checked in the console's own test, with a
// submission of that test open: opened here, it would claim one another test waits for.
const CONSOLE_SCREENS = ['Withdrawals', 'Tasks', 'Redemption codes', 'Earners', 'Fraud flags', 'Configuration', 'Offers', 'Audit log'] as const;

test('every console screen is accessible', async ({ page, request }) => {
  const admin = await operator(request, 'admin');
  await page.setViewportSize(DESKTOP.viewport);
  await page.goto('/admin/');
  await checkScreen(page, 'console sign-in', { desk: true });
  await signInToConsole(page, admin);
  for (const screen of CONSOLE_SCREENS) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    await checkScreen(page, screen, { desk: true });
  }
});
