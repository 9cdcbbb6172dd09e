// Home's three reads (user info, assets, task list) from many earners at a person's pace, on
// PostgreSQL: how many of them the server answers from its per-process read caches. Each earner
// opens Home every `--every` ms (± a quarter, so visits spread out), for `--seconds`. Reported per
// build: the database transactions a visit costs (those of an idle window of the same length, the
// job queue's polling and the timers, taken off), the server's CPU per visit, and a visit's latency.
// Two builds are measured one after the other, each on a database of its own, and B / A printed;
// the transaction count hardly depends on the machine's speed, the CPU does.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/home-reads.mjs \
//       [--a server/dist-before] [--b server/dist] [--earners 150] [--every 3000] [--seconds 20]
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { call, registerEarner } from './lib/grab-api.mjs';
import { cpuMs, REPO_ROOT, startGrab } from './lib/grab-server.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql } from './lib/postgres.mjs';
import { machine, percentile, printTable, runAsScript, writeResult } from './lib/report.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string', default: 'server/dist' },
    b: { type: 'string', default: 'server/dist' },
    earners: { type: 'string', default: '150' },
    every: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '20' },
  },
});
const EARNERS = Number(args.earners);
const EVERY_MS = Number(args.every);
const SECONDS = Number(args.seconds);

/** Committed and rolled-back transactions of one database so far (the statistics lag up to a second). */
function transactions(/** @type {string} */ adminUrl, /** @type {string} */ name) {
  return Number(psql(adminUrl, `select xact_commit + xact_rollback from pg_stat_database where datname = '${name}'`).trim());
}

/**
 * Transactions in a window of `ms`, read once the statistics have caught up.
 * @param {string} adminUrl @param {string} name @param {number} ms @param {() => Promise<void>} [work]
 */
async function transactionsDuring(adminUrl, name, ms, work) {
  await sleep(1_500);
  const before = transactions(adminUrl, name);
  await (work ? work() : sleep(ms));
  await sleep(1_500);
  return transactions(adminUrl, name) - before;
}

/** @param {string} build @param {string} adminUrl */
async function measure(build, adminUrl) {
  const name = `${DB_PREFIX}home_reads_${process.pid}_${Date.now()}`;
  const server = await startGrab({ databaseUrl: createDatabase(adminUrl, name), label: 'home-reads', main: path.resolve(REPO_ROOT, build, 'main.js') });
  try {
    /** @type {string[]} */
    const tokens = [];
    for (let i = 0; i < EARNERS; i++) {
      const phone = `97${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`;
      tokens.push((await registerEarner(server.url, { phone, inviteCode: 'ROOT01' })).token);
    }
    const idle = await transactionsDuring(adminUrl, name, SECONDS * 1_000);
    /** @type {number[]} */
    const latencies = [];
    let cpu = 0;
    const busy = await transactionsDuring(adminUrl, name, SECONDS * 1_000, async () => {
      const cpuBefore = cpuMs(/** @type {number} */ (server.child.pid));
      const end = Date.now() + SECONDS * 1_000;
      await Promise.all(
        tokens.map(async (token) => {
          await sleep(Math.random() * EVERY_MS);
          while (Date.now() < end) {
            const started = performance.now();
            await Promise.all([
              call(server.url, '/app/user/info', { method: 'POST', token, body: {} }),
              call(server.url, '/app/user/assetInfo', { token }),
              call(server.url, '/app/task/list', { token }),
            ]);
            latencies.push(performance.now() - started);
            await sleep(EVERY_MS * (0.75 + Math.random() / 2));
          }
        }),
      );
      cpu = cpuMs(/** @type {number} */ (server.child.pid)) - cpuBefore;
    });
    const visits = latencies.length;
    return {
      build,
      visits,
      idle,
      busy,
      perVisit: (busy - idle) / visits,
      cpuPerVisit: cpu / visits,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
  } finally {
    await server.stop();
    dropDatabase(adminUrl, name);
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL (an administrator URL of a local PostgreSQL) is required');
  const a = await measure(/** @type {string} */ (args.a), adminUrl);
  const b = await measure(/** @type {string} */ (args.b), adminUrl);
  const f = (/** @type {number} */ n, digits = 2) => n.toFixed(digits);
  printTable(
    `Home's reads from ${EARNERS} earners, each opening Home every ${EVERY_MS} ms for ${SECONDS} s (PostgreSQL)`,
    ['build', 'visits', 'transactions: idle window / with visits', 'transactions per visit', 'server CPU ms per visit', 'visit p50 / p95 ms'],
    [a, b].map((r, i) => [`${i === 0 ? 'A' : 'B'}: ${r.build}`, String(r.visits), `${r.idle} / ${r.busy}`, f(r.perVisit), f(r.cpuPerVisit, 3), `${f(r.p50, 1)} / ${f(r.p95, 1)}`]),
  );
  console.log(`B / A: ${f(b.perVisit / a.perVisit)}× the transactions per visit, ${f(b.cpuPerVisit / a.cpuPerVisit)}× the server CPU per visit`);
  writeResult('home-reads', { machine: machine(), earners: EARNERS, everyMs: EVERY_MS, seconds: SECONDS, a, b });
}

runAsScript(main);
