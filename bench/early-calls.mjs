// How much index.html's early calls bring /home on a slow phone: the same page with and without
// them, in turns, on a throttled network and CPU, in one run.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE_VIEWPORT } from './lib/chromium.mjs';
import { localStorageEntries, loginDemo } from './lib/grab-api.mjs';
import { assertBuilt, startGrab } from './lib/grab-server.mjs';
import { isMain, machine, median, printTable, runAsScript, times, writeResult } from './lib/report.mjs';

/** Lighthouse's mobile profile, applied by the browser itself (DevTools throttling), not simulated. */
const SLOW_PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpuSlowdown: 4 };

/** The one inline script of the shell; the server adds nothing else inline. */
const EARLY_SCRIPT = /<script>[^<]*<\/script>/;

/**
 * One cold load of /home signed in: when the first task card painted (largest contentful paint) and
 * when the task list's answer had arrived, from navigation start.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {{ name: string, value: string }[]} storage
 * @param {boolean} early
 */
async function loadHome(browser, base, storage, early) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, storageState: { cookies: [], origins: [{ origin: base, localStorage: storage }] } });
  try {
    const page = await context.newPage();
    // Both variants pass through the same route, so only the script differs.
    await page.route(`${base}/home`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      if (!early && !EARLY_SCRIPT.test(html)) throw new Error('the shell has no early-calls script to take out');
      await route.fulfill({ response, body: early ? html : html.replace(EARLY_SCRIPT, '') });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: SLOW_PHONE.latency, downloadThroughput: SLOW_PHONE.downloadThroughput, uploadThroughput: SLOW_PHONE.uploadThroughput });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
    await page.goto(`${base}/home`, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('[data-task-id]').first().waitFor({ timeout: 120_000 });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const lcp = entries[entries.length - 1];
            const list_ = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/app/task/list');
            resolve({ lcp: lcp ? lcp.startTime : Number.NaN, taskListEnd: list_ ? /** @type {PerformanceResourceTiming} */ (list_).responseEnd : Number.NaN, taskListStart: list_ ? list_.startTime : Number.NaN });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * @param {{ baseUrl?: string, rounds?: number }} [options]
 */
export async function run({ baseUrl, rounds = 5 } = {}) {
  assertChromium();
  if (!baseUrl) assertBuilt({ host: true });
  const server = baseUrl ? undefined : await startGrab({ label: 'early-calls' });
  const base = baseUrl ?? /** @type {NonNullable<typeof server>} */ (server).url;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const storage = localStorageEntries(await loginDemo(base));
    /** @type {Record<'with' | 'without', { lcp: number, taskListEnd: number, taskListStart: number }[]>} */
    const runs = { with: [], without: [] };
    // One warm-up of each, then turns, the order swapped every round, so drift hits both alike.
    await loadHome(browser, base, storage, true);
    await loadHome(browser, base, storage, false);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      for (const early of order) {
        const figures = /** @type {{ lcp: number, taskListEnd: number, taskListStart: number }} */ (await loadHome(browser, base, storage, early));
        runs[early ? 'with' : 'without'].push(figures);
        console.log(`  round ${round + 1} ${early ? 'with   ' : 'without'}: LCP ${Math.round(figures.lcp)} ms, task list asked at ${Math.round(figures.taskListStart)} ms, answered at ${Math.round(figures.taskListEnd)} ms`);
      }
    }
    const summary = (/** @type {'with' | 'without'} */ k) => ({
      lcp: median(runs[k].map((r) => r.lcp)),
      taskListStart: median(runs[k].map((r) => r.taskListStart)),
      taskListEnd: median(runs[k].map((r) => r.taskListEnd)),
    });
    const withEarly = summary('with');
    const without = summary('without');
    printTable(
      `/home signed in on a throttled phone (${SLOW_PHONE.latency} ms, 1.6 Mbit/s, CPU ÷${SLOW_PHONE.cpuSlowdown}, DevTools throttling), median of ${rounds}`,
      ['shell', 'LCP', 'task list asked', 'task list answered', 'LCP vs without'],
      [
        ['without early calls', `${Math.round(without.lcp)} ms`, `${Math.round(without.taskListStart)} ms`, `${Math.round(without.taskListEnd)} ms`, '1.00×'],
        ['with early calls', `${Math.round(withEarly.lcp)} ms`, `${Math.round(withEarly.taskListStart)} ms`, `${Math.round(withEarly.taskListEnd)} ms`, times(withEarly.lcp / without.lcp)],
      ],
    );
    const data = { benchmark: 'early-calls', machine: machine(), baseUrl: base, throttling: SLOW_PHONE, rounds, with: withEarly, without, ratio: withEarly.lcp / without.lcp, runs };
    writeResult('early-calls', data);
    return data;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, rounds: { type: 'string' } } });
  runAsScript(() => run({ baseUrl: values.url, rounds: values.rounds ? Number(values.rounds) : 5 }));
}
