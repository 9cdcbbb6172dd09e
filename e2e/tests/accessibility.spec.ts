import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

// Every screen an earner reaches, in English and in Urdu (right to left): no serious or critical
// axe violation, nothing cut off or scrolling sideways at 320 px or at 200 % text, motion only when
// the earner allows it, and a visible focus on every control reached by Tab.

const SIGNED_OUT = ['/login', '/register'];
const SIGNED_IN = ['/home', '/user', '/team', '/offers', '/earningsDetails', '/withdrawal', '/withdrawalOrders', '/userLevel', '/language', '/changePassword', '/luckyDraw'];
const LANGUAGES = ['en-US', 'ur-PK'] as const;

/** The page has settled as a person sees it: the main heading is up and nothing is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only what fails: listing what passes costs a slow phone-sized run minutes.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways, and the elements sticking out of the viewport. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(el);
        if (style.position === 'fixed' && style.visibility === 'hidden') return false;
        return box.right > width + 1 || box.left < -1;
      })
      // Content clipped on purpose by a scrolling parent (tab strips) is reachable: skip it.
      .filter((el) => !el.closest('[data-scroll-x]'));
    // The innermost ones name the culprit; their ancestors stick out only because of them.
    const culprits = out
      .filter((el) => !out.some((other) => other !== el && el.contains(other)))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
    return { overflow: Math.max(0, document.documentElement.scrollWidth - width), out: culprits.slice(0, 5) };
  });
}

for (const language of LANGUAGES) {
  test.describe(`screens in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((key) => localStorage.setItem('language', key), language);
    });

    for (const path of [...SIGNED_OUT, ...SIGNED_IN]) {
      test(`${path}: no serious or critical axe violation; fits 320 px and 200 % text without sideways scrolling`, async ({ page, earner }) => {
        test.setTimeout(180_000);
        if (SIGNED_IN.includes(path)) await signIn(page, earner);
        await page.goto(path);
        await settled(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 320, height: 640 });
        expect(await sideways(page), 'at 320 px').toEqual({ overflow: 0, out: [] });
        // Text zoom as the browser setting does it: every rem and em grows, the layout width stays.
        await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
        expect(await sideways(page), 'at 320 px and 200 % text').toEqual({ overflow: 0, out: [] });
      });
    }
  });
}

test('with reduced motion asked for, nothing animates', async ({ page, earner }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, earner);
  for (const path of ['/home', '/user', '/team', '/offers', '/luckyDraw']) {
    await page.goto(path);
    await settled(page);
    const moving = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => {
          const timing = a.effect?.getComputedTiming();
          return Number(timing?.duration ?? 0) > 10 ? `${(a as CSSAnimation).animationName ?? 'animation'} on ${(a.effect as KeyframeEffect | null)?.target?.className}` : null;
        })
        .filter(Boolean),
    );
    expect(moving, path).toEqual([]);
  }
});

test('every control on Account and Offers is reached by Tab, with a visible focus', async ({ page, earner }) => {
  await signIn(page, earner);
  for (const path of ['/user', '/offers', '/team']) {
    await page.goto(path);
    await settled(page);
    const controls = await page.locator('a[href]:visible, button:not([disabled]):visible, input:visible, select:visible, [tabindex="0"]:visible').count();
    const reached = new Set<string>();
    for (let i = 0; i < controls + 5; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible = (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        return { id: el.outerHTML.slice(0, 80), visible };
      });
      if (!focus) continue;
      expect(focus.visible, `${path}: focus not visible on ${focus.id}`).toBe(true);
      reached.add(focus.id);
    }
    expect(reached.size, `${path}: controls reached by Tab`).toBeGreaterThanOrEqual(controls);
  }
});
