// What `/home`'s simulated LCP is made of: Lighthouse's own simulation of the same page with one
// part of its mobile throttling changed at a time (CPU not slowed, twice the bandwidth, half the
// round-trip time, no network cost), next to the default in the same run. It does not score
// anything: it says whether the network or the main thread is what a change should cut.
import { parseArgs } from 'node:util';
import { lighthouseOnce, MOBILE_THROTTLING } from './lighthouse.mjs';
import { assertChromium } from './lib/chromium.mjs';
import { localStorageEntries, loginDemo } from './lib/grab-api.mjs';
import { assertBuilt, startGrab } from './lib/grab-server.mjs';
import { isMain, machine, median, printTable, runAsScript, times, writeResult } from './lib/report.mjs';

const VARIANTS = [
  { name: 'default mobile (150 ms, 1.6 Mbit/s, CPU ÷4)', throttling: MOBILE_THROTTLING },
  { name: 'CPU not slowed', throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: 1 } },
  { name: 'twice the bandwidth', throttling: { ...MOBILE_THROTTLING, throughputKbps: MOBILE_THROTTLING.throughputKbps * 2 } },
  { name: 'half the round-trip time', throttling: { ...MOBILE_THROTTLING, rttMs: MOBILE_THROTTLING.rttMs / 2 } },
  { name: 'no network cost', throttling: { ...MOBILE_THROTTLING, rttMs: 1, throughputKbps: 1e6 } },
];

/**
 * @param {{ baseUrl?: string, runs?: number }} [options]
 */
export async function run({ baseUrl, runs = 2 } = {}) {
  assertChromium();
  if (!baseUrl) assertBuilt({ host: true });
  const server = baseUrl ? undefined : await startGrab({ label: 'lcp-what-if' });
  const base = baseUrl ?? /** @type {NonNullable<typeof server>} */ (server).url;
  try {
    const storage = { origin: base, entries: localStorageEntries(await loginDemo(base)) };
    const rows = [];
    for (const variant of VARIANTS) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await lighthouseOnce(`${base}/home`, { storage, throttling: variant.throttling }));
      const row = { variant: variant.name, throttling: variant.throttling, fcpMs: median(samples.map((s) => s.fcpMs)), lcpMs: median(samples.map((s) => s.lcpMs)), lcpRuns: samples.map((s) => s.lcpMs) };
      console.log(`  ${row.variant}: LCP ${row.lcpRuns.map((v) => Math.round(v)).join(', ')} ms`);
      rows.push(row);
    }
    const lcpDefault = /** @type {(typeof rows)[number]} */ (rows[0]).lcpMs;
    printTable(
      `/home signed in, Lighthouse's simulated mobile load with one part changed (median of ${runs})`,
      ['throttling', 'FCP', 'LCP', 'LCP vs default'],
      rows.map((r) => [r.variant, `${Math.round(r.fcpMs)} ms`, `${Math.round(r.lcpMs)} ms`, times(r.lcpMs / lcpDefault)]),
    );
    const data = { benchmark: 'lcp-what-if', machine: machine(), baseUrl: base, runs, rows };
    writeResult('lcp-what-if', data);
    return data;
  } finally {
    await server?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '2' } } });
  runAsScript(() => run({ baseUrl: values.url, runs: Number(values.runs) }));
}
