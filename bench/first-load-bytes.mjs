// First-load bytes: what a phone downloads for its first page, as Chromium received it.
// For each page, a fresh browser context loads the URL and waits for network idle; the DevTools
// protocol reports every response's encoded (compressed) transfer size, headers included
// (Network.loadingFinished.encodedDataLength). JavaScript is compared with its budget; all bytes
// are reported too. `/home` is measured logged in: the local storage of a real login is set first.
//
//   node bench/first-load-bytes.mjs [--url http://127.0.0.1:8080]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE_VIEWPORT } from './lib/chromium.mjs';
import { localStorageEntries, loginDemo } from './lib/grab-api.mjs';
import { assertBuilt, startGrab } from './lib/grab-server.mjs';
import { isMain, KB, kb, machine, printTable, runAsScript, verdict, writeResult } from './lib/report.mjs';
import { defaultDirs, missingCompressedCopies } from '../tools/precompress.mjs';

export const BUDGETS = { '/login': 115 * KB, '/home': 150 * KB };

/**
 * @typedef {object} Transfer
 * @property {string} url
 * @property {string} type          the DevTools resource type (Script, Document, Fetch, …)
 * @property {string} mimeType
 * @property {number} status
 * @property {string} encoding      content-encoding of the response ('' when none)
 * @property {number} transfer      bytes on the wire, headers included
 * @property {number} headers       of which response headers
 * @property {number} decoded       body bytes after decompression
 * @property {boolean} fromCache
 */

/** @param {Transfer} t */
export function isJs(t) {
  return t.type === 'Script' || /javascript|ecmascript/.test(t.mimeType) || /\.m?js(\?|$)/.test(new URL(t.url).pathname);
}

/**
 * Loads `url` in a fresh context and returns every response's transfer figures.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ origin: string, localStorage: { name: string, value: string }[] } | undefined} storage
 */
async function loadPage(browser, url, storage) {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    storageState: storage ? { cookies: [], origins: [storage] } : undefined,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    /** @type {Map<string, Transfer>} */
    const requests = new Map();
    /** @type {string[]} */
    const failed = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? '',
        mimeType: '',
        status: 0,
        encoding: '',
        transfer: 0,
        headers: 0,
        decoded: 0,
        fromCache: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.type = e.type ?? r.type;
      r.mimeType = e.response.mimeType;
      r.status = e.response.status;
      r.headers = e.response.encodedDataLength;
      r.fromCache = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache);
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.encoding = headers['content-encoding'] ?? '';
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.transfer = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r && !e.canceled) failed.push(`${r.url}: ${e.errorText}`);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    const finalPath = new URL(page.url()).pathname;
    const textLength = await page.evaluate(() => (document.body.textContent ?? '').trim().length);
    const transfers = [...requests.values()].filter((t) => !t.url.startsWith('data:') && t.transfer > 0);
    return { finalPath, textLength, transfers, failed };
  } finally {
    await context.close();
  }
}

/**
 * @param {Transfer[]} transfers
 */
function summarise(transfers) {
  const js = transfers.filter(isJs);
  const sum = (/** @type {Transfer[]} */ list, /** @type {(t: Transfer) => number} */ f) => list.reduce((n, t) => n + f(t), 0);
  return {
    jsTransfer: sum(js, (t) => t.transfer),
    jsBody: sum(js, (t) => t.transfer - t.headers),
    jsDecoded: sum(js, (t) => t.decoded),
    jsFiles: js.length,
    allTransfer: sum(transfers, (t) => t.transfer),
    requests: transfers.length,
    uncompressedJs: js.filter((t) => !t.encoding && t.decoded > 1000).map((t) => new URL(t.url).pathname),
  };
}

/**
 * @param {{ baseUrl?: string }} [options]
 */
export async function run({ baseUrl } = {}) {
  assertChromium();
  if (!baseUrl) assertBuilt({ host: true });
  // A folder rebuilt alone has no precompressed copies: its files would weigh what the server's
  // quicker compression makes of them, a few tenths of a kilobyte more each, and not what earners get.
  const uncopied = baseUrl ? [] : missingCompressedCopies(defaultDirs());
  if (uncopied.length > 0) {
    console.log(`note: ${uncopied.length} built files have no compressed copy (${path.relative(process.cwd(), uncopied[0] ?? '')} …): the figures below are heavier than a full build's; run \`node tools/bootstrap.mjs build\` first`);
  }
  const server = baseUrl ? undefined : await startGrab({ label: 'bytes' });
  const base = baseUrl ?? /** @type {NonNullable<typeof server>} */ (server).url;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const session = await loginDemo(base);
    const pages = [
      { path: '/login', storage: undefined },
      { path: '/home', storage: { origin: base, localStorage: localStorageEntries(session) } },
    ];
    const results = [];
    for (const p of pages) {
      const loaded = await loadPage(browser, `${base}${p.path}`, p.storage);
      const budget = /** @type {number} */ (BUDGETS[/** @type {keyof typeof BUDGETS} */ (p.path)]);
      const summary = summarise(loaded.transfers);
      results.push({
        page: p.path,
        loggedIn: Boolean(p.storage),
        finalPath: loaded.finalPath,
        renderedText: loaded.textLength,
        budget,
        ratioToBudget: summary.jsTransfer / budget,
        ...summary,
        failed: loaded.failed,
        files: loaded.transfers
          .map((t) => ({ ...t, url: new URL(t.url).pathname + new URL(t.url).search, js: isJs(t) }))
          .sort((a, b) => b.transfer - a.transfer),
      });
    }

    printTable(
      'First-load bytes (compressed, on the wire, headers included; fresh context; network idle)',
      ['page', 'JS transfer', 'budget', 'ratio to budget', 'verdict', 'JS files', 'JS uncompressed', 'all bytes', 'requests'],
      results.map((r) => [
        `${r.page}${r.loggedIn ? ' (logged in)' : ''}`,
        kb(r.jsTransfer),
        kb(r.budget),
        `${r.ratioToBudget.toFixed(2)}×`,
        verdict(r.jsTransfer <= r.budget),
        r.jsFiles,
        kb(r.jsDecoded),
        kb(r.allTransfer),
        r.requests,
      ]),
    );
    for (const r of results) {
      printTable(
        `JavaScript files of ${r.page}${r.loggedIn ? ' (logged in)' : ''}`,
        ['file', 'transfer', 'uncompressed', 'encoding'],
        r.files.filter((f) => f.js).map((f) => [f.url, kb(f.transfer), kb(f.decoded), f.encoding || 'none']),
      );
      if (r.finalPath !== r.page) console.log(`  note: ${r.page} ended on ${r.finalPath}: the figures are for that page`);
      if (r.renderedText === 0) console.log(`  note: ${r.page} rendered no text`);
      if (r.uncompressedJs.length > 0) console.log(`  note: served without compression: ${r.uncompressedJs.join(', ')}`);
      for (const f of r.failed) console.log(`  note: failed request ${f}`);
    }
    // The operator console (admin/, at /admin/) is a build of its own: none of its files may be part
    // of an earner's first load. Its own first load is shown beside, for scale (desktop, no budget).
    const consoleFiles = results.flatMap((r) => r.files.filter((f) => f.url.startsWith('/admin/')).map((f) => `${r.page}: ${f.url}`));
    const consoleLoad = summarise((await loadPage(browser, `${base}/admin/`, undefined)).transfers);
    printTable(
      'Operator console (/admin/) and the earner first load',
      ['check', 'figure', 'verdict'],
      [
        ['console files in the earner first loads', String(consoleFiles.length), verdict(consoleFiles.length === 0)],
        ['console first load: JS transfer', kb(consoleLoad.jsTransfer), 'info'],
        ['console first load: all bytes', kb(consoleLoad.allTransfer), 'info'],
      ],
    );
    for (const f of consoleFiles) console.log(`  note: console file in an earner page: ${f}`);
    const data = { benchmark: 'first-load-bytes', machine: machine(), baseUrl: base, kilobyte: KB, pages: results, operatorConsole: { inEarnerFirstLoad: consoleFiles, jsTransfer: consoleLoad.jsTransfer, allTransfer: consoleLoad.allTransfer } };
    writeResult('first-load-bytes', data);
    return data;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' } } });
  runAsScript(() => run({ baseUrl: values.url }));
}
