// Runs every benchmark in turn and prints one summary table. The start benchmark runs first, alone;
// then one Grab server on a fresh temporary data directory (PGlite) serves the front-end and API
// benchmarks. Figures that miss a target are reported, not enforced: the exit code is non-zero only
// when a benchmark could not run at all.
//
//   pnpm --filter @grab/bench run bench            (or `npm run bench` at the root)
//   node bench/run-all.mjs --only start,api-throughput [--no-npm-start]
import { parseArgs } from 'node:util';
import * as apiThroughput from './api-throughput.mjs';
import * as earlyCalls from './early-calls.mjs';
import * as firstLoadBytes from './first-load-bytes.mjs';
import * as heartbeat from './heartbeat.mjs';
import { startGrab } from './lib/grab-server.mjs';
import { unreconciled } from './lib/postgres.mjs';
import { kb, machine, mb, median, printTable, seconds, times, verdict, writeResult } from './lib/report.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as mixedLoad from './mixed-load.mjs';
import * as processes from './processes.mjs';
import * as reviewPass from './review-pass.mjs';
import * as reviewRebates from './review-rebates.mjs';
import * as start from './start.mjs';
import * as teamReport from './team-report.mjs';
import * as withdraw from './withdraw.mjs';

const ALL = ['start', 'first-load-bytes', 'lighthouse', 'early-calls', 'api-throughput', 'review-pass', 'withdraw', 'review-rebates', 'team-report', 'heartbeat', 'processes', 'mixed-load'];
/** Benchmarks with their own servers on PostgreSQL. */
const ON_POSTGRES = ['review-pass', 'withdraw', 'review-rebates', 'team-report', 'heartbeat', 'processes'];
/** Benchmarks that start their own servers on both engines (PostgreSQL only with DATABASE_URL). */
const OWN_SERVERS = ['mixed-load'];

const { values } = parseArgs({ options: { only: { type: 'string' }, 'no-npm-start': { type: 'boolean', default: false } } });
const selected = values.only ? values.only.split(',').map((s) => s.trim()) : ALL;
const unknown = selected.filter((s) => !ALL.includes(s));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}: choose from ${ALL.join(', ')}`);
  process.exit(2);
}

const began = performance.now();
/** @type {Record<string, any>} */
const results = {};
/** @type {Record<string, string>} */
const errors = {};

/**
 * @param {string} name
 * @param {() => Promise<unknown>} fn
 */
async function attempt(name, fn) {
  if (!selected.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  try {
    results[name] = await fn();
  } catch (error) {
    errors[name] = error instanceof Error ? error.message : String(error);
    console.error(`${name} could not run: ${errors[name]}`);
  }
}

await attempt('start', () => start.run({ withNpmStart: !values['no-npm-start'] }));

/** @type {Awaited<ReturnType<typeof startGrab>> | undefined} */
let server;
try {
  if (selected.some((s) => s !== 'start' && !ON_POSTGRES.includes(s) && !OWN_SERVERS.includes(s))) {
    try {
      server = await startGrab({ label: 'run-all' });
      console.log(`\nGrab server for the front-end and API benchmarks: ${server.url} (PGlite, ready in ${seconds(server.readyMs)})`);
    } catch (error) {
      for (const name of selected.filter((s) => s !== 'start' && !ON_POSTGRES.includes(s) && !OWN_SERVERS.includes(s))) {
        errors[name] = `the Grab server did not start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  if (server) {
    const baseUrl = server.url;
    await attempt('first-load-bytes', () => firstLoadBytes.run({ baseUrl }));
    await attempt('lighthouse', () => lighthouse.run({ baseUrl }));
    await attempt('early-calls', () => earlyCalls.run({ baseUrl }));
    const assertAlive = server.assertAlive;
    await attempt('api-throughput', () => apiThroughput.run({ baseUrl, assertAlive }));
  }
} finally {
  await server?.stop();
}

// Its own servers on PostgreSQL; without one there is nothing to compare with pgbench.
if (process.env.DATABASE_URL) {
  await attempt('review-pass', () => reviewPass.run());
  await attempt('withdraw', () => withdraw.run());
  await attempt('review-rebates', () => reviewRebates.run());
  await attempt('team-report', () => teamReport.run());
  await attempt('heartbeat', () => heartbeat.run());
  await attempt('processes', () => processes.run());
} else {
  for (const name of ON_POSTGRES.filter((n) => selected.includes(n))) console.log(`\n${name} needs DATABASE_URL (a PostgreSQL); not run`);
}

// PGlite always; PostgreSQL too when DATABASE_URL is set.
await attempt('mixed-load', () => mixedLoad.run());

/** @type {(string | number)[][]} */
const rows = [];
const s = results.start;
if (s) {
  /** @param {string} kind */
  const of = (kind) => s.summary.find((/** @type {{ kind: string }} */ x) => x.kind === kind);
  const bare = of('bare Fastify');
  for (const kind of ['cold', 'warm', 'npm start (warm)']) {
    const x = of(kind);
    if (!x || x.runs === 0) continue;
    rows.push([`start: ${kind}, spawn → /health`, seconds(x.readyMs), times(x.readyMs / bare.readyMs, 1), kind === 'cold' ? '—' : `≤ ${seconds(start.TARGETS.warmMs)}`, kind === 'cold' ? '—' : verdict(x.readyMs <= start.TARGETS.warmMs)]);
    const rss = Math.max(x.rssReady, Number.isNaN(x.rssAfterLoad) ? 0 : x.rssAfterLoad, x.rssPeak);
    rows.push([`start: ${kind}, highest RSS of the tree`, mb(rss), times(rss / bare.rssPeak, 1), `≤ ${mb(start.TARGETS.rssBytes)}`, verdict(rss <= start.TARGETS.rssBytes)]);
  }
}
const b = results['first-load-bytes'];
if (b) {
  for (const p of b.pages) {
    rows.push([`JS on the wire: ${p.page}${p.loggedIn ? ' (logged in)' : ''}`, kb(p.jsTransfer), `${p.ratioToBudget.toFixed(2)}× budget`, `≤ ${kb(p.budget)}`, verdict(p.jsTransfer <= p.budget)]);
  }
}
const l = results.lighthouse;
if (l) {
  const base = l.pages[0];
  for (const p of l.pages.slice(1)) {
    const over = p.protocols ? ` over ${p.protocols.join(' ')}` : '';
    // Rows measured for comparison only (plain HTTP/1.1) carry no verdict.
    const checked = p.target !== false;
    rows.push([`Lighthouse mobile: ${p.page}${over}`, p.score.toFixed(2), `${times(p.score / base.score)} baseline (${base.score.toFixed(2)})`, checked ? `≥ ${l.target}` : '—', checked ? verdict(p.score >= l.target) : 'info']);
    if (p.page.startsWith('/home') && l.targetLcpMs) {
      rows.push([`LCP: ${p.page}${over}`, `${Math.round(p.lcpMs)} ms`, '—', checked ? `≤ ${l.targetLcpMs} ms` : '—', checked ? verdict(p.lcpMs <= l.targetLcpMs) : 'info']);
    }
  }
}
const e = results['early-calls'];
if (e) {
  rows.push(['/home LCP, throttled phone, with early calls', `${Math.round(e.with.lcp)} ms`, `${times(e.ratio)} without (${Math.round(e.without.lcp)} ms)`, '—', '—']);
}
const a = results['api-throughput'];
if (a) {
  for (const backend of a.backends) {
    for (const r of backend.rows.filter((/** @type {{ name: string }} */ r) => !r.name.startsWith('bare'))) {
      if (r.ratioPgbench !== undefined) {
        rows.push([`req/s ${r.name} (${backend.backend})`, Math.round(r.rps), `${times(r.ratioPgbench)} pgbench -S (${Math.round(backend.pgbenchS.median)})`, `≥ ${a.targetPg}×`, verdict(r.ratioPgbench >= a.targetPg)]);
      } else {
        rows.push([`req/s ${r.name} (${backend.backend})`, Math.round(r.rps), `${times(r.ratio)} bare (${Math.round(backend.baselineRps)})`, `≥ ${a.target}×`, verdict(r.ratio >= a.target)]);
      }
    }
  }
}
/**
 * A write benchmark's figures without a target: its statement alone in the grouping PostgreSQL did
 * best, and the ratio its CPU per call allows (lib/cpu.mjs).
 * @param {string} what
 * @param {{ pgbench: { before: number, after: number }, ceiling: { statements: { clients: number, batch: number, rate: number }[] }, cpu?: { bound: number | null, coresBusy: number } }} figures
 */
function writeDetails(what, figures) {
  const baseline = median([figures.pgbench.before, figures.pgbench.after]);
  const best = figures.ceiling.statements.reduce((a, b) => (b.rate > a.rate ? b : a));
  const rows = [[`  ${what} alone, ${best.batch} a statement from ${best.clients} clients (pgbench -f)`, Math.round(best.rate), `${times(best.rate / baseline)} pgbench -N`, '', '']];
  if (figures.cpu?.bound) {
    rows.push([`  the ratio its CPU allows (cores ${Math.round(figures.cpu.coresBusy * 100)} % busy)`, '', times(figures.cpu.bound), '', '']);
  }
  return rows;
}
const rp = results['review-pass'];
if (rp) {
  rows.push([`req/s POST /admin/review/pass (PostgreSQL, ${rp.clients} clients)`, Math.round(rp.rps), `${times(rp.ratio)} pgbench -N`, `≥ ${rp.target}×`, verdict(rp.ratio >= rp.target)]);
  rows.push(...writeDetails('the pass', rp));
  const off = unreconciled(rp.books);
  rows.push(['review-pass: reconciliation afterwards', off.length === 0 ? 'holds' : off.join(', '), '', 'all zero', verdict(off.length === 0)]);
}
const w = results.withdraw;
if (w) {
  rows.push([`req/s POST /app/pay/pay-withdraw (PostgreSQL, ${w.clients} clients)`, Math.round(w.rps), `${times(w.ratio)} pgbench -N`, `≥ ${w.target}×`, verdict(w.ratio >= w.target)]);
  rows.push(...writeDetails('the request', w));
  const off = unreconciled(w.books);
  rows.push(['withdraw: reconciliation afterwards', off.length === 0 ? 'holds' : off.join(', '), '', 'all zero', verdict(off.length === 0)]);
}
const rr = results['review-rebates'];
if (rr) {
  rows.push([`req/s POST /admin/review/pass, 5 uplines (PostgreSQL, ${rr.clients} clients)`, Math.round(rr.byKind.own.rps), `${times(rr.ratio)} no upline (${Math.round(rr.byKind.none.rps)})`, `≥ ${rr.target}×`, verdict(rr.ratio >= rr.target)]);
  const off = unreconciled(rr.books);
  const exact = rr.rebatesExact && rr.held === 0;
  rows.push(['review-rebates: 5 rebates a pass, books reconcile', exact && off.length === 0 ? 'holds' : [exact ? '' : 'rebates not 5 × passes', ...off].filter(Boolean).join(', '), '', 'exact, all zero', verdict(exact && off.length === 0)]);
}
const tr = results['team-report'];
if (tr) {
  for (const l of tr.latency.filter((/** @type {{ route: string }} */ l) => l.route.startsWith('GET'))) {
    rows.push([`p95 agent report, ${tr.members} members, ${tr.days} days, ${l.clients} client(s)`, `${l.p95.toFixed(1)} ms`, `${times(l.ratioP95)} PK read p95`, `≤ ${tr.target} ms`, verdict(l.p95 <= tr.target)]);
  }
}
const hb = results.heartbeat;
if (hb) {
  rows.push([`heartbeats/s GET /app/user/online (PostgreSQL, ${hb.clients} clients)`, Math.round(hb.rps), `${times(hb.ratio)} pgbench -N`, `≥ ${hb.target}×`, verdict(hb.ratio >= hb.target)]);
  rows.push(['online earners held at p95 ≤ 100 ms (1 beat / 30 s each)', hb.held, '', 'reported', '']);
  const off = unreconciled(hb.books);
  rows.push(['heartbeat: rows and ledger afterwards', hb.rows.holds && off.length === 0 ? 'holds' : [hb.rows.holds ? '' : 'presence rows differ', ...off].filter(Boolean).join(', '), '', 'all zero', verdict(hb.rows.holds && off.length === 0)]);
}
const pr = results.processes;
if (pr) {
  for (const r of pr.rows) {
    rows.push([`req/s ${r.endpoint}, ${pr.processes} processes (PostgreSQL)`, Math.round(r.nProcesses), `${times(r.ratio)} 1 process (${Math.round(r.oneProcess)})`, '—', '—']);
  }
}
const ml = results['mixed-load'];
if (ml) {
  for (const [i, c] of ml.capacity.entries()) {
    const backendRows = ml.backends[i]?.rows ?? [];
    const errorsSeen = backendRows.reduce((/** @type {number} */ sum, /** @type {{ errors: number }} */ r) => sum + r.errors, 0);
    rows.push([
      `mixed load: earners at p95 ≤ ${ml.target} ms (${c.label}, ${ml.options.compress}× compressed)`,
      `${c.earners} (≈ ${c.realEarners} real)`,
      `RSS ${mb(c.rssPeak)}, ${errorsSeen} errors`,
      '—',
      '—',
    ]);
    rows.push([`mixed load: reconciliation afterwards (${c.label})`, c.books.length === 0 ? 'holds' : c.books.join(', '), '', 'all zero', verdict(c.books.length === 0)]);
  }
}
for (const [name, message] of Object.entries(errors)) rows.push([`${name}: could not run`, message.split('\n')[0] ?? '', '', '', '']);

const load = machine().loadAverage.join(' ');
printTable(`Summary (${new Date().toISOString()}, ${seconds(performance.now() - began)} in all, load average now ${load})`, ['figure', 'value', 'ratio', 'target', 'verdict'], rows);
writeResult('summary', { benchmark: 'run-all', machine: machine(), rows, errors, results });
process.exit(Object.keys(errors).length > 0 ? 1 : 0);
