import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The checks the accessibility suite runs on each screen. Each returns a list of problems, written
// for a person to act on (which element, what text), so one failing run names every culprit at once.

/** The screen has settled as a person sees it: its main heading has text and nothing still loads. */
export async function settled(page: Page): Promise<void> {
  // Tabs kept alive but hidden (Home, Account) keep their headings in the page: only the shown one counts.
  const heading = page.locator('h1:visible').first();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).not.toBeEmpty();
  await expect(page.locator('[aria-busy="true"]:visible, .g-skeleton:visible')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** axe's serious and critical violations, one line each with the elements concerned. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Only what fails: listing what passes costs a slow machine seconds per screen.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Whether the page scrolls sideways, and the text a person cannot read whole: text outside the
 * screen's width or its card, cut by an ancestor that hides its overflow, or squeezed so narrow
 * that its words break letter by letter. Text the app hides on purpose
 * (visually hidden labels, clipped with `clip-path`), a line shortened with an ellipsis, and content
 * of a scrolling container (reachable by scrolling it) are not problems.
 */
export function cutOrSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways by ${root.scrollWidth - width}px`);
    const nameOf = (el: Element, text: string) =>
      `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const hiddenOnPurpose = (el: Element) => {
      for (let a: Element | null = el; a && a !== root; a = a.parentElement) {
        if (getComputedStyle(a).clipPath !== 'none') return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!text.trim() || !el || seen.has(el)) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || hiddenOnPurpose(el)) continue;
      let problem: string | null = null;
      let scrolls = false;
      let shortened = false;
      let boxSeen = false;
      for (let a: Element | null = el; a && a !== root && !problem; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (/(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`)) {
          scrolls = true;
          break;
        }
        const frame = a.getBoundingClientRect();
        // A line shortened with "…" on purpose (a long link beside its Copy button) says it is shortened.
        if (style.textOverflow === 'ellipsis' && /(hidden|clip)/.test(style.overflowX)) shortened = true;
        // A card is a frame a person sees: text past its edge reads as broken even where nothing clips it.
        if (a.classList.contains('g-card') && !shortened && (box.left < frame.left - 1 || box.right > frame.right + 1)) problem = 'outside its card';
        else if (/(hidden|clip)/.test(style.overflowX) && !shortened && (box.left < frame.left - 1 || box.right > frame.right + 1)) problem = 'cut at the side';
        else if (/(hidden|clip)/.test(style.overflowY) && (box.top < frame.top - 2 || box.bottom > frame.bottom + 2)) problem = 'cut at the top or bottom';
        // The nearest box with a colour of its own (a note, a tile): its padding is part of how it
        // looks, so words running into it read as spilling out, even inside the card.
        else if (!boxSeen && !shortened && !/^(inline|contents)$/.test(style.display) && !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor)) {
          boxSeen = true;
          const inner = { left: frame.left + Number.parseFloat(style.paddingLeft), right: frame.right - Number.parseFloat(style.paddingRight) };
          if (box.left < inner.left - 2 || box.right > inner.right + 2) problem = 'into the padding of its box';
        }
      }
      if (!problem && !scrolls && !shortened && (box.left < -1 || box.right > width + 1)) problem = 'outside the screen';
      // Squeezed into a sliver: more lines than words means words are broken letter by letter.
      const words = text.trim().split(/\s+/).length;
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      if (!problem && lines > words + 1) problem = `broken into ${lines} lines for ${words} word(s)`;
      if (problem) {
        seen.add(el);
        problems.push(`${nameOf(el, text)} is ${problem}`);
      }
    }
    return problems.slice(0, 8);
  });
}

/**
 * Icons a flex row squeezed below three quarters of the size they were drawn for: beside words
 * wrapped at large text or on a narrow screen, a shrinking icon ends as an unreadable dot.
 */
export function squeezedIcons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const svg of document.querySelectorAll('svg')) {
      const drawn = Number(svg.getAttribute('width'));
      if (!drawn || !svg.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const { width } = svg.getBoundingClientRect();
      if (width > 0 && width < drawn * 0.75) {
        const holder = svg.parentElement;
        const text = (holder?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        problems.push(`an icon of ${drawn}px beside "${text}" is ${Math.round(width)}px wide`);
      }
    }
    return problems.slice(0, 8);
  });
}

/**
 * Two frames for the page to answer a change of size: resize observers run and layout settles, as
 * before anything is painted for a person to see.
 */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The viewport at a new size, once the page has laid itself out for it. */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(size.width);
  await nextFrames(page);
}

/** Text at 200 % (WCAG 1.4.4) while `check` runs: the root font size doubles, so every rem and em grows. */
export async function withDoubleText<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'a11y-double-text';
    style.textContent = 'html { font-size: 200% !important; }';
    document.head.append(style);
  });
  await nextFrames(page);
  try {
    return await check();
  } finally {
    await page.evaluate(() => document.getElementById('a11y-double-text')?.remove());
    await nextFrames(page);
  }
}

/** Anything set to move for longer than ~0.01 s although the earner asked for reduced motion. */
export function motionLeft(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const longest = (list: string) => Math.max(0, ...list.split(',').map((d) => (d.trim().endsWith('ms') ? Number.parseFloat(d) / 1000 : Number.parseFloat(d)) || 0));
    const moving: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after'] as const) {
        const style = getComputedStyle(el, pseudo);
        const name = `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}${pseudo ?? ''}`;
        if (style.animationName !== 'none' && longest(style.animationDuration) > 0.011) moving.push(`${name}: animation ${style.animationName} ${style.animationDuration}`);
        if (style.transitionProperty !== 'none' && longest(style.transitionDuration) > 0.011) moving.push(`${name}: transition ${style.transitionProperty} ${style.transitionDuration}`);
      }
    }
    return moving.slice(0, 8);
  });
}

/**
 * Tabs through the screen from its start and reports the controls the keyboard never reached and
 * those whose focus shows nothing. A focus "shows" when the control, its label or one of its two
 * nearest ancestors changes outline, shadow or border colour on focus. Radio buttons of one group
 * are one stop, as in every browser (arrow keys move inside the group). The page notes each focus
 * itself, so a slow machine pays one round trip per Tab.
 */
export async function keyboardProblems(page: Page): Promise<string[]> {
  const stops = await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) =>
        !(el as HTMLButtonElement).disabled &&
        el.tabIndex >= 0 &&
        !el.closest('[inert]') &&
        el.checkVisibility({ visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 0,
    );
    const look = (el: HTMLElement) => {
      const nodes: Element[] = [el];
      if (el.parentElement) nodes.push(el.parentElement);
      if (el.parentElement?.parentElement) nodes.push(el.parentElement.parentElement);
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLButtonElement) nodes.push(...(el.labels ?? []));
      return nodes
        .map((n) => {
          const s = getComputedStyle(n);
          const outline = s.outlineStyle === 'none' || Number.parseFloat(s.outlineWidth) === 0 ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
          return `${outline}|${s.boxShadow}|${s.borderColor}`;
        })
        .join('/');
    };
    const unfocused = controls.map(look);
    const reached = new Map<number, boolean>();
    const onFocus = (event: FocusEvent) => {
      const index = controls.indexOf(event.target as HTMLElement);
      if (index >= 0 && !reached.has(index)) reached.set(index, look(event.target as HTMLElement) !== unfocused[index]);
    };
    document.addEventListener('focusin', onFocus);
    const groupOf = (el: HTMLElement) => (el instanceof HTMLInputElement && el.type === 'radio' && el.name ? `radio:${el.form?.id ?? ''}:${el.name}` : null);
    const report = () => {
      document.removeEventListener('focusin', onFocus);
      const problems = [...reached].filter(([, shows]) => !shows).map(([i]) => `focus shows nothing on ${controls[i]?.outerHTML.slice(0, 90)}`);
      const doneGroups = new Set([...reached.keys()].map((i) => groupOf(controls[i] as HTMLElement)).filter(Boolean));
      const missed = controls
        .filter((el, i) => !reached.has(i) && !doneGroups.has(groupOf(el)))
        .map((el) => `not reached by Tab: ${el.outerHTML.slice(0, 90)}`);
      return [...problems, ...missed].slice(0, 10);
    };
    (window as unknown as { __a11yKeyboard: () => string[] }).__a11yKeyboard = report;
    // A date or time field stops once per part (day, month, year…).
    const parts = controls.filter((el) => el instanceof HTMLInputElement && /^(date|datetime-local|time|month|week)$/.test(el.type)).length;
    return controls.length + 3 * parts;
  });
  // One stop per control, plus the browser's own stop between the last control and the first.
  for (let press = 0; press < stops + 2; press += 1) await page.keyboard.press('Tab');
  return page.evaluate(() => (window as unknown as { __a11yKeyboard: () => string[] }).__a11yKeyboard());
}
