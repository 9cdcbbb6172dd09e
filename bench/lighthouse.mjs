// Lighthouse mobile performance score (the default mobile config: Moto G Power emulation, simulated
// slow 4G and 4× CPU slowdown) for `/login` and for `/home` logged in, median of 3, in Debian's
// Chromium launched by chrome-launcher with a new user-data-dir per run.
//
// Logged in, honestly: before each `/home` run, the run's own user-data-dir gets the local storage of
// a real login, written from the `/health` URL of the same origin so that no app file enters the HTTP
// cache; Lighthouse then runs with `disableStorageReset` so the storage stays.
//
// Over HTTPS, as a phone reaches a deployment: the server is started with a throw-away certificate,
// so Chromium and the server speak HTTP/2 (one connection for every file and call, headers
// compressed). The targets are checked there. `/home` is also measured over plain HTTP/1.1, the
// way `npm start` serves a laptop, for comparison: on slow data each request then waits for one of
// six connections and its own round trip.
//
// A baseline measured in the same run: a minimal page (HTML, a little CSS and script) from a local
// static server. Its score shows what this machine gives a page that has nothing to load.
//
//   node bench/lighthouse.mjs [--url http://127.0.0.1:8080] [--runs 3] [--report-dir DIR]
// (--report-dir keeps each run's whole Lighthouse report as JSON, for the request chain and the
// phases of the largest paint.)
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { localStorageEntries, loginDemo } from './lib/grab-api.mjs';
import { assertBuilt, startGrab, tempDir } from './lib/grab-server.mjs';
import { throwAwayCertificate, trustFlags } from './lib/tls.mjs';
import { isMain, machine, median, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';

export const TARGET_SCORE = 0.9;
/** Issue 12: `/home`'s largest contentful paint, simulated slow 4G and 4× CPU. */
export const TARGET_LCP_MS = 2000;

const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><style>body{font-family:sans-serif;margin:2rem}</style></head>
<body><h1>Baseline</h1><p id="out">A page with nothing to load.</p>
<script>document.getElementById('out').textContent += ' ' + new Date().getFullYear();</script>
</body></html>`;

/** A local static server answering every path with the baseline page. */
function startBaselineServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BASELINE_HTML);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r(undefined))) });
    });
  });
}

/**
 * Writes local-storage entries for `origin` into the user-data-dir, loading no app file.
 * @param {string} userDataDir
 * @param {string} origin
 * @param {{ name: string, value: string }[]} entries
 * @param {string[]} flags
 */
async function prepareStorage(userDataDir, origin, entries, flags) {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, ...flags],
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/health`);
    await page.evaluate((list) => {
      for (const { name, value } of list) localStorage.setItem(name, value);
    }, entries);
  } finally {
    await context.close();
  }
}

/**
 * What the largest paint was, so a slow LCP names its element rather than leaving a guess.
 * @param {any} lhr
 * @returns {string}
 */
function lcpElement(lhr) {
  const parts = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = parts.find((/** @type {any} */ p) => p?.type === 'node');
  return node ? `${node.selector ?? ''} "${String(node.nodeLabel ?? '').slice(0, 60)}"` : '';
}

/**
 * The protocol the page itself came over ('h2', 'http/1.1'), from Lighthouse's request list.
 * @param {any} lhr
 * @param {string} url
 * @returns {string}
 */
function documentProtocol(lhr, url) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const page = items.find((/** @type {any} */ item) => item.url === url) ?? items[0];
  return String(page?.protocol ?? '?');
}

/** Lighthouse's default mobile throttling (simulated): what the score is measured with. */
export const MOBILE_THROTTLING = { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };

/**
 * One Lighthouse run in its own Chromium and user-data-dir; `throttling` replaces the default
 * mobile one (for what-if runs, never for the score).
 * @param {string} url
 * @param {{ storage?: { origin: string, entries: { name: string, value: string }[] }, reportFile?: string, throttling?: typeof MOBILE_THROTTLING, chromeFlags?: string[] }} options
 */
export async function lighthouseOnce(url, { storage, reportFile, throttling, chromeFlags = [] }) {
  const userDataDir = tempDir('lighthouse-profile');
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  try {
    if (storage) await prepareStorage(userDataDir, storage.origin, storage.entries, chromeFlags);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, ...chromeFlags], userDataDir, logLevel: 'silent' });
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(storage),
    }, throttling ? { extends: 'lighthouse:default', settings: { throttling } } : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(lhr));
    const audit = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: lhr.categories.performance?.score ?? Number.NaN,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      runtimeError: lhr.runtimeError?.message,
      warnings: lhr.runWarnings,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      transferBytes: audit('total-byte-weight'),
      lcpElement: lcpElement(lhr),
      protocol: documentProtocol(lhr, url),
    };
  } finally {
    await chrome?.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * @param {{ baseUrl?: string, runs?: number, reportDir?: string }} [options]
 */
export async function run({ baseUrl, runs = 3, reportDir } = {}) {
  assertChromium();
  if (!baseUrl) assertBuilt({ host: true });
  // With --url, that server alone (whatever it speaks); otherwise Grab over HTTPS and over plain HTTP.
  const certificate = baseUrl ? undefined : throwAwayCertificate(tempDir('lighthouse-tls'));
  const secure = certificate ? await startGrab({ label: 'lighthouse-https', certificate }) : undefined;
  const plain = baseUrl ? undefined : await startGrab({ label: 'lighthouse' });
  const base = baseUrl ?? /** @type {NonNullable<typeof secure>} */ (secure).url;
  const flags = certificate ? trustFlags(certificate) : [];
  const baseline = /** @type {{ url: string, close: () => Promise<unknown> }} */ (await startBaselineServer());
  try {
    const session = await loginDemo(base);
    const storage = { origin: base, entries: localStorageEntries(session) };
    /** @type {{ name: string, url: string, expectPath: string, storage: typeof storage | undefined, target: boolean }[]} */
    const targets = [
      { name: 'baseline page', url: baseline.url, expectPath: '/', storage: undefined, target: false },
      { name: '/login', url: `${base}/login`, expectPath: '/login', storage: undefined, target: true },
      { name: '/home (logged in)', url: `${base}/home`, expectPath: '/home', storage, target: true },
    ];
    if (plain) {
      const plainSession = await loginDemo(plain.url);
      targets.push({ name: '/home, plain HTTP/1.1', url: `${plain.url}/home`, expectPath: '/home', storage: { origin: plain.url, entries: localStorageEntries(plainSession) }, target: false });
    }
    const results = [];
    /** @type {{ page: string, error: string }[]} */
    const failedRuns = [];
    for (const target of targets) {
      /** @type {Awaited<ReturnType<typeof lighthouseOnce>>[]} */
      const samples = [];
      // A run that Lighthouse itself could not record (e.g. NO_NAVSTART on a busy machine) is
      // reported and repeated, at most twice in all, so that the median is of `runs` real scores.
      let failures = 0;
      while (samples.length < runs && failures <= 2) {
        const reportFile = reportDir ? `${reportDir}/${target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${samples.length + failures + 1}.json` : undefined;
        const sample = await lighthouseOnce(target.url, { storage: target.storage, chromeFlags: flags, ...(reportFile ? { reportFile } : {}) });
        const where = sample.finalPath !== target.expectPath ? ` (ended on ${sample.finalPath})` : '';
        if (!Number.isFinite(sample.score)) {
          failures++;
          console.log(`  ${target.name}: a run gave no score (${sample.runtimeError ?? 'unknown error'}); repeating it`);
          failedRuns.push({ page: target.name, error: sample.runtimeError ?? 'no score' });
          continue;
        }
        samples.push(sample);
        console.log(`  ${target.name} run ${samples.length}/${runs}: score ${sample.score.toFixed(2)}${where}`);
      }
      const m = (/** @type {(s: (typeof samples)[number]) => number} */ f) => median(samples.map(f));
      results.push({
        page: target.name,
        url: target.url,
        score: m((s) => s.score),
        scores: samples.map((s) => s.score),
        fcpMs: m((s) => s.fcpMs),
        lcpMs: m((s) => s.lcpMs),
        tbtMs: m((s) => s.tbtMs),
        cls: m((s) => s.cls),
        speedIndexMs: m((s) => s.speedIndexMs),
        transferBytes: m((s) => s.transferBytes),
        finalPaths: [...new Set(samples.map((s) => s.finalPath))],
        runtimeErrors: samples.map((s) => s.runtimeError).filter(Boolean),
        warnings: [...new Set(samples.flatMap((s) => s.warnings.map(String)))],
        lcpElements: [...new Set(samples.map((s) => s.lcpElement).filter(Boolean))],
        protocols: [...new Set(samples.map((s) => s.protocol))],
        target: target.target,
      });
    }
    const baselineScore = /** @type {(typeof results)[number]} */ (results[0]).score;

    const isHome = (/** @type {{ page: string }} */ r) => r.page.startsWith('/home');
    printTable(
      `Lighthouse mobile performance (median of ${runs}; targets: score ≥ ${TARGET_SCORE}, /home LCP ≤ ${TARGET_LCP_MS / 1000} s)`,
      ['page', 'over', 'score', 'runs', 'vs baseline', 'score verdict', 'FCP', 'LCP', 'LCP verdict', 'TBT', 'CLS', 'bytes'],
      results.map((r, i) => [
        r.page,
        r.protocols.join(' '),
        r.score.toFixed(2),
        r.scores.map((s) => s.toFixed(2)).join(' '),
        i === 0 ? '—' : times(r.score / baselineScore),
        r.target ? verdict(r.score >= TARGET_SCORE) : i === 0 ? '—' : 'info',
        `${Math.round(r.fcpMs)} ms`,
        `${Math.round(r.lcpMs)} ms`,
        !isHome(r) ? '—' : r.target ? verdict(r.lcpMs <= TARGET_LCP_MS) : 'info',
        `${Math.round(r.tbtMs)} ms`,
        r.cls.toFixed(3),
        `${(r.transferBytes / 1000).toFixed(1)} KB`,
      ]),
    );
    for (const [i, r] of results.entries()) {
      const expected = /** @type {(typeof targets)[number]} */ (targets[i]).expectPath;
      if (r.finalPaths.some((p) => p !== expected)) console.log(`  note: ${r.page} ended on ${r.finalPaths.join(', ')}`);
      for (const e of r.runtimeErrors) console.log(`  note: ${r.page}: ${e}`);
      for (const w of r.warnings) console.log(`  note: ${r.page}: ${w}`);
      for (const e of r.lcpElements) console.log(`  ${r.page}: largest paint ${e}`);
    }
    if (reportDir) console.log(`  every run's full report: ${reportDir}`);
    const data = { benchmark: 'lighthouse', machine: machine(), baseUrl: base, runs, target: TARGET_SCORE, targetLcpMs: TARGET_LCP_MS, pages: results, failedRuns };
    writeResult('lighthouse', data);
    return data;
  } finally {
    await baseline.close();
    await secure?.stop();
    await plain?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '3' }, 'report-dir': { type: 'string' } } });
  if (values['report-dir']) fs.mkdirSync(values['report-dir'], { recursive: true });
  runAsScript(() => run({ baseUrl: values.url, runs: Number(values.runs), ...(values['report-dir'] ? { reportDir: values['report-dir'] } : {}) }));
}
