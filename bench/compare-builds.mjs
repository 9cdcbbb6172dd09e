// Two builds of the server measured in turns: whether a change made a path faster, on a machine
// whose speed moves by tens of percent from one minute to the next. Each build runs in its own
// process on a database of its own with the same fixture. Rounds alternate between the builds, the
// order swapping every round, so a slow minute slows both. Printed: requests/s per round and their
// median, the ratio B / A of each round and of the medians, and the CPU time per request of the
// server process and of its PostgreSQL connections (from /proc; PostgreSQL's WAL writer and
// checkpointer are shared and not counted). Three scenarios:
//   withdraw  each round sends `--per` withdrawal requests from `--clients` connections, each from
//             an earner not used before (withdraw.mjs's earners: a balance, a recipient past its
//             cooling-off, a session), so every session read is one the cache does not hold, as
//             for an earner who taps "withdraw" a while after opening the page;
//   reads     each round sends `--per` of Home's three reads (task list, user info, assets, in
//             turn) with the demo earner's token: the path the read caches answer;
//   review-pass  each round sends `--per` reviewer passes, each of a different submission of
//             review-pass.mjs's queue (an earner, an audit run under review, its submission);
//   uploads   each round sends `--per` screenshots at a phone's own resolution (a 1080×2340 PNG) with
//             the demo earner's token, each checked and re-encoded as any proof is.
//
// A build is a folder holding a built `main.js`. Copy the build before changing anything, beside
// the current one so the bundle finds the same `node_modules` (bench/README.md says more):
//
//   cp -r server/dist server/dist-before        # then change, and build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/compare-builds.mjs \
//       --a server/dist-before --b server/dist [--scenario withdraw|reads|review-pass|uploads] [--rounds 8] [--per 500]
//       [--clients 10]
//
// Both builds migrate their databases from the same `server/drizzle`, so a change of the database
// (a migration) is not compared by building it: give A the SQL that undoes it instead, `--a-sql FILE`,
// run on A's database once its server has migrated it and before any request. A change of how
// node runs the server (a V8 flag) is compared with `--a-node-args=` / `--b-node-args=`, each a
// space-separated list given to that build's node before `main.js`.
//
// Payouts are not made: the simulator's delay outlasts the run and the databases are dropped.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loginDemo, loginReviewer } from './lib/grab-api.mjs';
import { cpuMs, REPO_ROOT, startGrab } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase, psql } from './lib/postgres.mjs';
import { isMain, median, printTable, runAsScript, times, writeResult } from './lib/report.mjs';
import { screenshotPng } from './lib/images.mjs';
import { prepareQueue } from './review-pass.mjs';
import { prepareEarners, withdrawalRequests } from './withdraw.mjs';

/** Requests per build before the rounds: the pool's connections and the statements' plans. */
const WARMUP = 200;
/** Reads before the rounds: cheap enough that the JIT needs more of them to settle. */
const READS_WARMUP = 5000;
/** Uploads before the rounds: each is tens of milliseconds of decoding, and loads the decoder first. */
const UPLOADS_WARMUP = 40;

/**
 * CPU ms used so far by the PostgreSQL connections to database `name` (the ones open now).
 * @param {string} url
 * @param {string} name
 */
function connectionsCpu(url, name) {
  const pids = psql(url, `select string_agg(pid::text, ' ') from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
  return new Map(pids.split(' ').filter(Boolean).map((pid) => [Number(pid), cpuMs(Number(pid))]));
}

/** @typedef {'withdraw' | 'reads' | 'review-pass' | 'uploads'} Scenario */
const SCENARIOS = /** @type {const} */ (['withdraw', 'reads', 'review-pass', 'uploads']);

/**
 * @param {{ a: string, b: string, scenario?: Scenario, rounds?: number, per?: number, clients?: number, aSql?: string, aNodeArgs?: string[], bNodeArgs?: string[] }} options
 *   `aSql`: SQL run on A's database after its migrations (the database change B has and A has not);
 *   `aNodeArgs`, `bNodeArgs`: node's own arguments for each build's server
 */
export async function run({ a, b, scenario = 'withdraw', rounds = 8, per = 500, clients = 10, aSql, aNodeArgs = [], bNodeArgs = [] }) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL whose user may create databases');
  if (![rounds, per, clients].every((n) => Number.isInteger(n) && n > 0)) throw new Error('--rounds, --per and --clients must be whole numbers above 0');
  if (!SCENARIOS.includes(scenario)) throw new Error(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  const withdraw = scenario === 'withdraw';
  const passes = scenario === 'review-pass';
  const uploads = scenario === 'uploads';
  const earners = WARMUP + rounds * per;
  const suffix = `${process.pid}_${Date.now()}`;
  /** @type {{ name: string, dir: string, db: string, url?: string, server?: Awaited<ReturnType<typeof startGrab>>, recipients?: Map<number, number>, token?: string, next: number, rates: number[], serverCpu: number, pgCpu: number, sent: number }[]} */
  const builds = [
    { name: 'A', dir: path.resolve(a), db: `${DB_PREFIX}compare_a_${suffix}`, next: 1, rates: [], serverCpu: 0, pgCpu: 0, sent: 0 },
    { name: 'B', dir: path.resolve(b), db: `${DB_PREFIX}compare_b_${suffix}`, next: 1, rates: [], serverCpu: 0, pgCpu: 0, sent: 0 },
  ];
  try {
    for (const build of builds) {
      build.url = createDatabase(adminUrl, build.db);
      build.server = await startGrab({
        databaseUrl: build.url,
        label: `compare-${build.name}`,
        main: path.join(build.dir, 'main.js'),
        nodeArgs: build.name === 'A' ? aNodeArgs : bNodeArgs,
        // Reads log their line per request as in production: it is part of what they cost.
        extraEnv: withdraw
          ? { LOG_LEVEL: 'warn', PG_POOL_MAX: String(clients), PAYOUT_SIMULATOR_DELAY_MS: '600000' }
          : uploads
            ? { PG_POOL_MAX: String(clients), UPLOADS_PER_HOUR: '10000' }
            : { PG_POOL_MAX: String(clients) },
      });
      if (aSql && build.name === 'A') psql(build.url, aSql);
      if (withdraw) build.recipients = prepareEarners(build.url, earners, 1);
      else if (passes) {
        build.token = await loginReviewer(build.server.url);
        build.next = prepareQueue(build.url, earners).first;
      } else build.token = (await loginDemo(build.server.url)).token;
    }
    const who = withdraw ? `${earners} earners each` : passes ? `${earners} submissions each` : 'the demo earner';
    const flags = (/** @type {string[]} */ args) => (args.length > 0 ? ` (node ${args.join(' ')})` : '');
    console.log(`A = ${path.relative(REPO_ROOT, builds[0]?.dir ?? '')}${flags(aNodeArgs)}, B = ${path.relative(REPO_ROOT, builds[1]?.dir ?? '')}${flags(bNodeArgs)}; ${scenario}, ${who}, ${clients} clients`);

    /**
     * `count` requests to one build from `--clients` connections.
     * @param {(typeof builds)[number]} build
     * @param {number} count
     * @param {import('autocannon').RequestSpec[]} requests
     */
    const loadOf = (build, count, requests) => runLoad({ url: /** @type {NonNullable<typeof build.server>} */ (build.server).url, connections: clients, amount: count, requests });
    /**
     * `count` withdrawal requests to one build, each the next earner's only one.
     * @param {(typeof builds)[number]} build
     * @param {number} count
     */
    const sendWithdrawals = (build, count) =>
      loadOf(build, count, withdrawalRequests(/** @type {Map<number, number>} */ (build.recipients), `compare-${suffix}`, () => build.next++));
    /**
     * `count` of Home's reads to one build, the three in turn on each connection.
     * @param {(typeof builds)[number]} build
     * @param {number} count
     */
    const sendReads = (build, count) => {
      const authorization = `Bearer ${build.token}`;
      return loadOf(build, count, [
        { method: 'GET', path: '/app/task/list', headers: { authorization } },
        { method: 'POST', path: '/app/user/info', body: '{}', headers: { authorization, 'content-type': 'application/json' } },
        { method: 'GET', path: '/app/user/assetInfo', headers: { authorization } },
      ]);
    };
    /**
     * `count` reviewer passes to one build, each of the next submission under review.
     * @param {(typeof builds)[number]} build
     * @param {number} count
     */
    const sendPasses = (build, count) =>
      loadOf(build, count, [
        {
          method: 'POST',
          path: '/admin/review/pass',
          headers: { authorization: `Bearer ${build.token}`, 'content-type': 'application/json' },
          setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({ ...request, body: JSON.stringify({ submissionId: build.next++ }) }),
        },
      ]);
    const screenshot = uploads ? screenshotPng(1080, 2340) : Buffer.alloc(0);
    /**
     * `count` screenshots to one build, all from the demo earner.
     * @param {(typeof builds)[number]} build
     * @param {number} count
     */
    const sendUploads = (build, count) =>
      loadOf(build, count, [{ method: 'POST', path: '/app/upload/image', headers: { authorization: `Bearer ${build.token}`, 'content-type': 'image/png' }, body: screenshot }]);
    /**
     * @param {(typeof builds)[number]} build
     * @param {number} count
     */
    const send = async (build, count) => {
      const result = await (withdraw ? sendWithdrawals(build, count) : passes ? sendPasses(build, count) : uploads ? sendUploads(build, count) : sendReads(build, count));
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`build ${build.name} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
      return result;
    };

    for (const build of builds) await send(build, withdraw || passes ? WARMUP : uploads ? UPLOADS_WARMUP : READS_WARMUP);
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const server = /** @type {NonNullable<typeof build.server>} */ (build.server);
        const [serverBefore, pgBefore] = [cpuMs(server.child.pid), connectionsCpu(adminUrl, build.db)];
        const result = await send(build, per);
        build.serverCpu += cpuMs(server.child.pid) - serverBefore;
        // The pool opened its connections during the warm-up: the ones open now served the round.
        for (const [pid, ms] of connectionsCpu(adminUrl, build.db)) build.pgCpu += ms - (pgBefore.get(pid) ?? 0);
        build.sent += per;
        build.rates.push(result.requests.total / (result.activeMs / 1000));
        server.assertAlive(`round ${round + 1}`);
      }
      console.log(`round ${round + 1}: A ${builds[0]?.rates.at(-1)?.toFixed(0)}/s, B ${builds[1]?.rates.at(-1)?.toFixed(0)}/s`);
    }

    const [first, second] = /** @type {[(typeof builds)[number], (typeof builds)[number]]} */ (builds);
    const perRound = first.rates.map((rate, i) => (second.rates[i] ?? 0) / rate);
    // A read costs hundredths of a millisecond.
    const digits = withdraw || uploads ? 2 : 3;
    const rows = builds.map((build) => [
      `${build.name}: ${path.relative(REPO_ROOT, build.dir)}`,
      median(build.rates).toFixed(0),
      build.rates.map((r) => r.toFixed(0)).join(' '),
      (build.serverCpu / build.sent).toFixed(digits),
      (build.pgCpu / build.sent).toFixed(digits),
      ((build.serverCpu + build.pgCpu) / build.sent).toFixed(digits),
    ]);
    printTable(
      `${withdraw ? 'POST /app/pay/pay-withdraw' : passes ? 'POST /admin/review/pass' : uploads ? 'POST /app/upload/image (1080×2340 PNG)' : "Home's three reads"}, two builds in turns (${rounds} rounds of ${per}, ${clients} clients)`,
      ['build', 'median req/s', 'each round', 'server CPU ms/req', 'PostgreSQL CPU ms/req', 'together'],
      rows,
    );
    console.log(`B / A: ${times(median(second.rates) / median(first.rates))} of the medians; each round ${perRound.map((r) => r.toFixed(2)).join(' ')}`);
    console.log(`CPU per request, B / A: ${times((second.serverCpu + second.pgCpu) / second.sent / ((first.serverCpu + first.pgCpu) / first.sent))}`);
    writeResult('compare-builds', {
      scenario,
      rounds,
      per,
      clients,
      builds: builds.map(({ name, dir, rates, serverCpu, pgCpu, sent }) => ({ name, dir: path.relative(REPO_ROOT, dir), rates, serverCpuMsPerRequest: serverCpu / sent, pgCpuMsPerRequest: pgCpu / sent })),
    });
  } finally {
    for (const build of builds) {
      await build.server?.stop();
      dropDatabase(adminUrl, build.db);
    }
  }
}

/** @param {string | undefined} text */
const words = (text) => (text ?? '').split(' ').filter(Boolean);

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string', default: path.join(REPO_ROOT, 'server', 'dist') },
      scenario: { type: 'string', default: 'withdraw' },
      rounds: { type: 'string', default: '8' },
      per: { type: 'string', default: '500' },
      clients: { type: 'string', default: '10' },
      'a-sql': { type: 'string' },
      'a-node-args': { type: 'string', default: '' },
      'b-node-args': { type: 'string', default: '' },
    },
  });
  if (!values.a) {
    console.error('usage: node bench/compare-builds.mjs --a <folder of a built main.js> [--b server/dist] [--scenario withdraw|reads|review-pass|uploads] [--rounds 8] [--per 500] [--clients 10] [--a-sql FILE] [--a-node-args="..."] [--b-node-args="..."]');
    process.exit(1);
  }
  runAsScript(() =>
    run({ a: /** @type {string} */ (values.a), b: values.b, scenario: /** @type {Scenario} */ (values.scenario), rounds: Number(values.rounds), per: Number(values.per), clients: Number(values.clients), aSql: values['a-sql'] && fs.readFileSync(values['a-sql'], 'utf8'), aNodeArgs: words(values['a-node-args']), bNodeArgs: words(values['b-node-args']) }),
  );
}
