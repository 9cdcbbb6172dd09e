// The reviewer-pass-and-credit path: requests per second of `POST /admin/review/pass` over HTTP, each
// one deciding a different submission (the pass, the run's payment through the ledger, the audit
// entry: one statement, `ledger_pass_submission`), as a ratio to `pgbench -N` with the same number
// of clients on the same PostgreSQL, measured in the same run (pgbench before and after Grab; the
// baseline is their median). Also printed, without a target: the pass's statements sent by pgbench
// itself, each on a queue of its own (one pass a statement; all the clients' passes in one; half of
// them in each of two; one at a time from one connection), i.e. what the pass costs PostgreSQL with
// no HTTP and no Node around it, what a batch costs whatever it carries and what each pass adds, and
// from the best of those and the bare Fastify route, the ceiling of any server (lib/ceiling.mjs).
//
// PostgreSQL only: the figure is about concurrent writes, which PGlite serialises in one process.
// DATABASE_URL names a PostgreSQL whose user may create databases; two throw-away databases are made
// and dropped.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/review-pass.mjs
//       [--clients 10] [--submissions 20000] [--pgbench-seconds 10] [--scale 10]
import { parseArgs } from 'node:util';
import { loginReviewer, REVIEWER } from './lib/grab-api.mjs';
import { ceilingRows, measureCeiling } from './lib/ceiling.mjs';
import { cpuRows, cpuWindow } from './lib/cpu.mjs';
import { startGrab } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { balancesFromEntriesSql, creditsSql, DB_PREFIX, databaseUrl, pgbenchCounted, pgbenchDatabase, pgbenchScript, psql, reconcile, unreconciled } from './lib/postgres.mjs';
import { isMain, machine, median, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';

/** Issue 15: one decision per request, each committed, against pgbench's own simple update. */
export const TARGET_RATIO = 0.5;
/** Submissions passed over HTTP: with the warm-up's 2,000, a measured run about as long as pgbench's (see withdraw.mjs). */
const SUBMISSIONS = 20_000;
/** Submissions of each queue the pass's statements are sent alone for: a few seconds of pgbench each. */
const ALONE_COUNT = 6000;
/** The queue passed one at a time from one connection, the slowest grouping, is shorter. */
const SOLO_COUNT = 1500;

/** The welcome bonus registration credits (server/src/modules/auth/auth.service.ts). */
const WELCOME_BONUS = 100_00;

/**
 * Earners, one audit task, one run under review per earner and its submission: the state a busy
 * review queue is in. Written with SQL because registering thousands of earners through argon2
 * would measure the fixture, not the path. Each earner has what registration leaves: the welcome
 * bonus as a ledger transfer with its two entries and a balance. Then the tables are analyzed, as
 * autovacuum keeps a live database: a ledger that starts empty and unanalyzed has PostgreSQL's cached
 * plans (the balance check per transfer, the foreign keys to transfers) scanning the ledger whole on
 * every pass while it grows, which measures the planner's cold start rather than the pass.
 * @param {string} url
 * @param {number} count
 * @param {string} [tag] names the queue's earners (a second queue needs other names)
 * @returns {{ first: number, last: number, taskId: number }}
 */
export function prepareQueue(url, count, tag = 'bench') {
  // Valid US numbers, one area code a queue, as registration stores them (E.164 of a valid number):
  // the answer masks the earner's number, and one libphonenumber cannot place (the 555 area code)
  // costs it several times what a real one does.
  const phones = { bench: '+1201', alone: '+1202', batch: '+1203', halves: '+1205', solo: '+1207' }[tag] ?? '+1206';
  const taskId = Number(
    psql(
      url,
      `insert into tasks (kind, schedule, title, description, reward, proof_pictures)
       values ('audit', 'once', 'Benchmark audit', 'Benchmark audit', 500, 1) returning id`,
    ),
  );
  psql(
    url,
    `insert into users (public_id, phone, country, password_hash, invite_code)
     select '${tag}-' || g, '${phones}' || (2000000 + g), 'US', 'not-a-login', '${tag.toUpperCase()}' || g from generate_series(1, ${count}) g;
     insert into task_runs (user_id, task_id, period, seq, step, status)
     select id, ${taskId}, 'once', 1, 0, 'underReview' from users where public_id like '${tag}-%';
     insert into submissions (run_id, user_id, task_id, pictures, status, deadline_at)
     select r.id, r.user_id, r.task_id, '[]'::jsonb, 'underReview', now() + interval '7 days'
     from task_runs r where r.task_id = ${taskId} order by r.id;
     ${creditsSql({ where: `users.public_id like '${tag}-%'`, reason: 'welcome_bonus', amount: WELCOME_BONUS, prefix: 'welcome:' })}
     ${balancesFromEntriesSql(`users.public_id like '${tag}-%'`)}`,
  );
  psql(url, 'analyze');
  const [first, last] = psql(url, `select min(id) || ' ' || max(id) from submissions where task_id = ${taskId}`).split(' ').map(Number);
  return { first: /** @type {number} */ (first), last: /** @type {number} */ (last), taskId };
}

/**
 * The pass with nothing around it: pgbench sends the statement the server sends for every
 * submission of `queue` (in id order, `count / clients` each), as the reviewer, one statement per
 * transaction, from `clients` connections. With `batch` 1 it is `ledger_pass_submission_in_order`,
 * what the server sends for a pass that arrives alone; above 1 (or with `batchFunction`) it is
 * `ledger_pass_submissions_in_order` deciding `batch` submissions, what the server sends when passes
 * arrive together. Returns passes per second.
 * @param {string} url
 * @param {{ first: number, last: number, taskId: number }} queue
 * @param {{ clients: number, batch: number, batchFunction?: boolean, reviewerPhone: string }} how
 */
function passAlone(url, queue, { clients, batch, batchFunction = false, reviewerPhone }) {
  const reviewer = psql(url, `select id || ' ' || role from users where phone = '${reviewerPhone}'`).split(' ');
  const [id, role] = [Number(reviewer[0]), reviewer[1]];
  const sequence = `bench_pass_queue_${queue.taskId}`;
  psql(url, `create sequence ${sequence}`);
  const perClient = Math.floor((queue.last - queue.first + 1) / clients / batch);
  const next = `${queue.first} - 1 + nextval('${sequence}')::int`;
  const script =
    batch === 1 && !batchFunction
      ? `select outcome from ledger_pass_submission_in_order(${next}, ${id}, '${role}', now());`
      : `with b as (select ${queue.first} + (nextval('${sequence}')::int - 1) * ${batch} as s)
         select count(*) from b, ledger_pass_submissions_in_order(array(select generate_series(b.s, b.s + ${batch - 1})), array_fill(${id}, array[${batch}]),
           array_fill('${role}'::text, array[${batch}]), array_fill(now(), array[${batch}])) p;`;
  return pgbenchScript(url, `${script.replace(/\s*\n\s*/g, ' ')}\n`, clients, perClient) * batch;
}

/**
 * @param {{ clients?: number, submissions?: number, pgbenchSeconds?: number, scale?: number }} [options]
 */
export async function run({ clients = 10, submissions: count = SUBMISSIONS, pgbenchSeconds = 10, scale = 10 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL (this benchmark is about concurrent writes)');
  const suffix = `${process.pid}_${Date.now()}`;
  const grabDb = `${DB_PREFIX}review_${suffix}`;
  const baselineDb = `${DB_PREFIX}pgbench_${suffix}`;
  psql(adminUrl, `create database ${grabDb}`);
  const grabUrl = databaseUrl(adminUrl, grabDb);
  /** @type {Awaited<ReturnType<typeof startGrab>> | undefined} */
  let server;
  try {
    const baselineUrl = pgbenchDatabase(adminUrl, baselineDb, scale);

    // The server's pool is sized to the client count, as pgbench opens one connection per client.
    server = await startGrab({ databaseUrl: grabUrl, label: 'review-pass', extraEnv: { LOG_LEVEL: 'warn', PG_POOL_MAX: String(clients) } });
    const token = await loginReviewer(server.url);
    const queue = prepareQueue(grabUrl, count);
    const aloneQueues = [...['alone', 'batch', 'halves'].map((tag) => prepareQueue(grabUrl, ALONE_COUNT, tag)), prepareQueue(grabUrl, SOLO_COUNT, 'solo')];
    console.log(`${count} submissions under review (ids ${queue.first}–${queue.last}); ${clients} clients`);

    const { tps: before, cpu: beforeCpu } = pgbenchCounted(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N before: ${before.toFixed(0)} tps`);

    let next = queue.first;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A short warm-up on the first submissions, then the measured run over the rest: every request
    // decides a submission no other request touches, as reviewers working a queue do.
    const warmupCount = Math.min(2000, Math.floor(count / 8));
    const makeRequests = () => [
      {
        method: /** @type {const} */ ('POST'),
        path: '/admin/review/pass',
        headers,
        setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({ ...request, body: JSON.stringify({ submissionId: next++ }) }),
      },
    ];
    await runLoad({ url: server.url, connections: clients, amount: warmupCount, requests: makeRequests() });
    const measuredCount = queue.last - next + 1;
    const counting = cpuWindow(server.child.pid);
    const result = await runLoad({ url: server.url, connections: clients, amount: measuredCount, requests: makeRequests() });
    const cpuUsed = counting.end();
    // From the first request to the last response: the time around the call would also count the
    // wait for autocannon's next one-second tick, a whole-second step in a run this short.
    const rps = result.requests.total / (result.activeMs / 1000);
    server.assertAlive('the measured run');

    // The pass's statements alone, each grouping on a queue of its own.
    const ceiling = await measureCeiling(clients, pgbenchSeconds, (how, index) =>
      passAlone(grabUrl, /** @type {typeof queue} */ (aloneQueues[index]), { ...how, reviewerPhone: `+91${REVIEWER.phone}` }),
    );

    const { tps: after, cpu: afterCpu } = pgbenchCounted(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N after: ${after.toFixed(0)} tps`);

    // Exactly one credit per submission, and every balance equal to the sum of its entries.
    const credited = Number(psql(grabUrl, `select count(*) from ledger_transfers t join task_runs r on t.idempotency_key = 'task-run:' || r.id where r.task_id in (${[queue, ...aloneQueues].map((q) => q.taskId).join(', ')})`));
    const passedAlone = Number(psql(grabUrl, `select count(*) from submissions where task_id in (${aloneQueues.map((q) => q.taskId).join(', ')}) and status = 'passed'`));
    // The server's own reconciliation: balances and earnings totals equal their entries, none below zero, every transfer balanced.
    const books = reconcile(grabUrl);
    const off = unreconciled(books);
    const baseline = median([before, after]);
    const ratio = rps / baseline;
    const cpu = cpuRows({ window: cpuUsed, calls: result.requests.total, pgbench: [beforeCpu, afterCpu], call: 'pass' });
    printTable(
      'Reviewer pass-and-credit vs pgbench -N (same PostgreSQL, same clients)',
      ['measure', 'figure'],
      [
        ['POST /admin/review/pass, req/s', rps.toFixed(0)],
        ['  requests / non-2xx / errors', `${result.requests.total} / ${result.non2xx} / ${result.errors}`],
        ['  latency p50 / p99 (ms)', `${result.latency.p50} / ${result.latency.p99}`],
        ['pgbench -N tps (before, after)', `${before.toFixed(0)}, ${after.toFixed(0)}`],
        ['ratio to pgbench -N (median)', `${times(ratio)} (target ≥ ${TARGET_RATIO}×: ${verdict(ratio >= TARGET_RATIO)})`],
        ...ceilingRows(ceiling, baseline, 'passes'),
        ...cpu.rows,
        ['credits / submissions passed (the four queues)', `${credited} / ${count + passedAlone}`],
        ['reconciliation', off.length === 0 ? 'holds' : off.join(', ')],
      ],
    );
    const figures = { machine: machine(), clients, submissions: count, rps, pgbench: { before, after, cpu: [beforeCpu, afterCpu] }, ratio, ceiling, cpu: cpu.figures, passedAlone, target: TARGET_RATIO, credited, books, latency: result.latency, non2xx: result.non2xx, errors: result.errors };
    writeResult('review-pass', figures);
    return figures;
  } finally {
    await server?.stop();
    psql(adminUrl, `drop database if exists ${grabDb} with (force)`);
    psql(adminUrl, `drop database if exists ${baselineDb} with (force)`);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '10' },
      submissions: { type: 'string', default: String(SUBMISSIONS) },
      'pgbench-seconds': { type: 'string', default: '10' },
      scale: { type: 'string', default: '10' },
    },
  });
  runAsScript(() =>
    run({ clients: Number(values.clients), submissions: Number(values.submissions), pgbenchSeconds: Number(values['pgbench-seconds']), scale: Number(values.scale) }),
  );
}
