// Printing and recording of benchmark figures. Figures are reported, never enforced: nothing here
// sets a failing exit code because a figure missed its target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/** One kilobyte in the printed figures and the budgets: 1,000 bytes, as Chromium's DevTools counts. */
export const KB = 1000;

/** @param {number} bytes */
export function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** @param {number} bytes */
export function mb(bytes) {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

/** @param {number} ms */
export function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * @param {number} value
 * @param {number} digits
 */
export function times(value, digits = 2) {
  return Number.isFinite(value) ? `${value.toFixed(digits)}×` : 'n/a';
}

/** @param {number[]} values */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? /** @type {number} */ (sorted[mid]) : (/** @type {number} */ (sorted[mid - 1]) + /** @type {number} */ (sorted[mid])) / 2;
}

/**
 * The nearest-rank percentile `p` (0–100) of `values`: a value that was measured, never one in between.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}

/**
 * "meets" / "misses" for a figure against a target; the wording is informational only.
 * @param {boolean} ok
 */
export function verdict(ok) {
  return ok ? 'meets' : 'MISSES';
}

/**
 * Prints an aligned plain-text table.
 * @param {string} title
 * @param {string[]} header
 * @param {(string | number)[][]} rows
 */
export function printTable(title, header, rows) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ r) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** A file-name-safe time stamp, e.g. 2026-11-22T15-04-05Z. */
export function stamp(date = new Date()) {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}

/**
 * Writes one benchmark's figures as JSON under bench/results/ and returns the file's path.
 * @param {string} name
 * @param {unknown} data
 */
export function writeResult(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${stamp()}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nfigures written to ${path.relative(process.cwd(), file) || file}`);
  return file;
}

/** Machine facts stored with every result: figures from different machines don't compare. */
export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryMB: Math.round(os.totalmem() / 1e6),
    /** 1, 5 and 15 minute load averages when the figures were taken: a busy machine shows here. */
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/**
 * True when the module at `metaUrl` is the script Node was started with.
 * @param {string} metaUrl
 */
export function isMain(metaUrl) {
  return Boolean(process.argv[1]) && path.resolve(/** @type {string} */ (process.argv[1])) === fileURLToPath(metaUrl);
}

/**
 * The script's `--name value` options, one for each key of `defaults`, as numbers (a list of
 * numbers, comma-separated, where the default is a list).
 * @template {Record<string, number | number[]>} T
 * @param {T} defaults
 * @returns {T}
 */
export function numericOptions(defaults) {
  const { values } = parseArgs({ options: Object.fromEntries(Object.keys(defaults).map((name) => [name, { type: /** @type {const} */ ('string') }])) });
  const parsed = Object.entries(defaults).map(([name, fallback]) => {
    const given = values[name];
    if (typeof given !== 'string') return [name, fallback];
    return [name, Array.isArray(fallback) ? given.split(',').map(Number) : Number(given)];
  });
  return /** @type {T} */ (Object.fromEntries(parsed));
}

/**
 * Runs a benchmark's main function as a script: prints an error and exits 1 only when the
 * benchmark could not run at all (no build, server never answered), never because of a figure.
 * @param {() => Promise<unknown>} main
 */
export function runAsScript(main) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`\nbenchmark could not run: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
