// The withdrawal request path: requests per second of `POST /app/pay/pay-withdraw` over HTTP, each
// from a different earner (lock the balance row, read the rules, today's usage, the recipient and
// the locked bonus, move the points to "payouts in flight", create the order and its dispatch job,
// in one transaction), as a ratio to `pgbench -N` with the same number of clients on the same
// PostgreSQL, measured in the same run (before and after; the baseline is their median). Orders
// are dispatched to the simulator while the load runs, as in production; the simulator pays them
// SIMULATOR_DELAY_MS later, after the measured window and the second pgbench, so its webhook
// calls and their ledger transfers do not compete with the requests being measured. The benchmark
// then waits for every payout and reconciles the books. Also printed, without a target: the
// request's statements sent by pgbench itself, alone and in the groups the server's batcher makes,
// what a batch costs whatever it carries and what each request adds, and from the best of those and
// the bare Fastify route, the ceiling of any server (lib/ceiling.mjs).
//
// PostgreSQL only, like review-pass: DATABASE_URL names a PostgreSQL whose user may create databases.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/withdraw.mjs
//       [--clients 10] [--earners 16000] [--history 1] [--pgbench-seconds 10] [--scale 10]
//
// `--history N` gives each earner its 5,000 points as N task rewards, one an hour up to now, as an
// earner who has been doing tasks for a while has them: what a request reads of the earner's past
// shows up as a lower figure.
import { parseArgs } from 'node:util';
import { ceilingRows, measureCeiling } from './lib/ceiling.mjs';
import { cpuRows, cpuWindow } from './lib/cpu.mjs';
import { startGrab } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { DB_PREFIX, databaseUrl, pgbenchCounted, pgbenchDatabase, pgbenchScript, psql, reconcile } from './lib/postgres.mjs';
import { isMain, machine, median, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';

export const TARGET_RATIO = 0.5;
/**
 * Earners, one request each: with the warm-up's 2,000, a measured run about as long as pgbench's 10 s
 * here, on a server whose code has been optimised by then (a fresh process serves its first few
 * thousand requests slower, and a run of 3,700 measured mostly those: 0.21× against 0.30× for this
 * size on the same build, bench/README.md 2026-11-29).
 */
const EARNERS = 16_000;
/** Earners of each set the request's statements are sent alone for: a few seconds of pgbench each. */
const ALONE_COUNT = 6000;
/** The set sent one request at a time from one connection, the slowest grouping, has fewer. */
const SOLO_COUNT = 1500;
/** When the simulator pays an order after its dispatch: past the window and the second pgbench. */
const SIMULATOR_DELAY_MS = 60_000;
/** How long the benchmark waits for the last payouts: the delay, then their delivery. */
const SETTLE_MS = SIMULATOR_DELAY_MS + 120_000;

/** The bearer token of the benchmark's n-th earner (tokens are 16 characters or more). */
export const tokenOf = (/** @type {number} */ n) => `benchtoken-${String(n).padStart(9, '0')}`;

/**
 * The load tool's requests for withdrawals, each the next earner's only one (`next()` names them):
 * $1 to their own recipient, under a fresh key made from `keyPrefix`.
 * @param {Map<number, number>} recipients from `prepareEarners`
 * @param {string} keyPrefix
 * @param {() => number} next
 */
export function withdrawalRequests(recipients, keyPrefix, next) {
  return [
    {
      method: /** @type {const} */ ('POST'),
      path: '/app/pay/pay-withdraw',
      setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => {
        const n = next();
        return {
          ...request,
          headers: { authorization: `Bearer ${tokenOf(n)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 100, recipientId: recipients.get(n), idempotencyKey: `${keyPrefix}-${n}` }),
        };
      },
    },
  ];
}

/**
 * Earners with 5,000 points each (task rewards, `history` of them, so nothing is locked), a UPI
 * recipient past its cooling-off, and (with `sessions`) a session whose token is `tokenOf(n)`.
 * Written with SQL: registering thousands of earners through argon2 would measure the fixture, not
 * the path. `tag` names a set (six letters, so that `n` starts at the same place in every name).
 * @param {string} url
 * @param {number} count
 * @param {number} history
 * @param {{ tag?: string, sessions?: boolean }} [set]
 */
export function prepareEarners(url, count, history, { tag = 'wbench', sessions = true } = {}) {
  const each = Math.floor(500000 / history);
  const mine = `public_id like '${tag}-%'`;
  const phones = PHONE_PREFIX[/** @type {keyof typeof PHONE_PREFIX} */ (tag)];
  psql(
    url,
    `insert into users (public_id, phone, country, password_hash, invite_code)
       select '${tag}-' || g, '${phones}' || lpad(g::text, 8, '0'), 'IN', 'not-a-login', '${tag.toUpperCase()}' || g from generate_series(1, ${count}) g;
     insert into ledger_transfers (idempotency_key, reason, amount, created_at)
       select '${tag}:' || id || ':' || h, 'task_reward', ${each}, now() - make_interval(hours => ${history} - h)
       from users cross join generate_series(1, ${history}) h where ${mine} order by id, h;
     insert into ledger_entries (transfer_id, account, user_id, amount, reason, created_at)
       select t.id, v.account, case when v.account = 'earner' then u.id end, v.sign * ${each}, 'task_reward', t.created_at
       from users u cross join generate_series(1, ${history}) h join ledger_transfers t on t.idempotency_key = '${tag}:' || u.id || ':' || h
       cross join (values ('earner', 1), ('rewards', -1)) v(account, sign);
     insert into balances (user_id, balance, earned) select id, ${each * history}, ${each * history} from users where ${mine};
     insert into recipients (user_id, method, institution_id, name, account, cooling_off_until)
       select u.id, 'upi', (select id from institutions where country = 'IN' and method = 'upi' limit 1), 'Bench Earner', '${tag}' || u.id || '@okbank', now() - interval '1 day'
       from users u where u.${mine} order by u.id;
     ${
       sessions
         ? `insert into sessions (user_id, token_hash, expires_at)
       select id, encode(sha256(convert_to('benchtoken-' || lpad(substr(public_id, 8), 9, '0'), 'UTF8')), 'hex'), now() + interval '1 day' from users where ${mine};`
         : ''
     }`,
  );
  if (history > 1) {
    // A long history's WAL would otherwise force a checkpoint during the measured window, after
    // which the first write to each page carries the whole page; and its entries need statistics.
    psql(url, 'analyze');
    try {
      psql(url, 'checkpoint');
    } catch {
      console.log('(no checkpoint after the fixture: this database user may not run one)');
    }
  }
  const rows = psql(url, `select substr(u.public_id, 8) || ':' || r.id from users u join recipients r on r.user_id = u.id where u.${mine}`);
  /** @type {Map<number, number>} */
  const recipients = new Map();
  for (const line of rows.split('\n')) {
    const [n, id] = line.split(':').map(Number);
    recipients.set(/** @type {number} */ (n), /** @type {number} */ (id));
  }
  return recipients;
}

/** Each fixture set's phone numbers, so that the sets never share one. */
const PHONE_PREFIX = { wbench: '+9170', walone: '+9171', wbatch: '+9172', wpairs: '+9173', wsolos: '+9174' };
/** The sets the request's statements are sent alone for, one a grouping (lib/ceiling.mjs), and their sizes. */
const ALONE_SETS = [
  { tag: 'walone', count: ALONE_COUNT },
  { tag: 'wbatch', count: ALONE_COUNT },
  { tag: 'wpairs', count: ALONE_COUNT },
  { tag: 'wsolos', count: SOLO_COUNT },
];

/**
 * The dollar rules a request carries, as the server's cache holds them: the settings row and the
 * currency row, each as JSON text (the function refuses a copy that is not the table's).
 * @param {string} url
 * @returns {[string, string]}
 */
export function requestRules(url) {
  const [settings, currency] = psql(
    url,
    `select to_jsonb(s)::text || E'\\t' || to_jsonb(c)::text from withdraw_settings s
       join lateral (select * from currencies c where c.code = s.currency order by c.language limit 1) c on true where s.currency = 'USD'`,
  ).split('\t');
  return [String(settings), String(currency)];
}

/**
 * The request with nothing around it: pgbench sends the statements the server sends, with the
 * arguments it sends (the rules as this process caches them and the quote of an order the server
 * made), for each earner of the fixture set `tag`, one statement per transaction, from `clients`
 * connections. With `batch` 1 the statement is `wallet_request_withdrawal`, what the server sends
 * for a request that arrives alone; above 1 (or with `batchFunction`) it is `wallet_request_withdrawals` with `batch` items,
 * what the server sends when requests arrive together (group commit). Answers withdrawals per
 * second and how many were sent.
 * @param {string} url
 * @param {{ tag: string, clients: number, batch: number, batchFunction?: boolean, count: number }} how
 */
function requestAlone(url, { tag, clients, batch, batchFunction = false, count }) {
  const rules = requestRules(url);
  const [points, fee] = psql(url, `select points || ' ' || fee from withdraw_orders where amount = 100 limit 1`).split(' ');
  const literal = (/** @type {string | undefined} */ text) => `'${String(text).replaceAll("'", "''")}'::jsonb`;
  const table = `bench_${tag}`;
  psql(url, `create table ${table} (n serial primary key, user_id integer, recipient_id integer);
    insert into ${table} (user_id, recipient_id) select u.id, r.id from users u join recipients r on r.user_id = u.id where u.public_id like '${tag}-%' order by u.id;
    create sequence ${table}_next`);
  // The dispatch queue's name is the server's (DISPATCH_QUEUE): the running server relays these
  // orders' jobs and the simulator pays them with the rest, so the reconciliation counts them too.
  const key = `'bench-${tag}-' || q.n`;
  const script =
    batch === 1 && !batchFunction
      ? `with q as (select * from ${table} where n = (select nextval('${table}_next')))
         select w.outcome from q, wallet_request_withdrawal(q.user_id, ${key}, 100, q.recipient_id, now(), 'USD', ${literal(rules[0])}, ${literal(rules[1])},
           null, ${Number(points)}, ${Number(fee)}, 'payout-dispatch') w;`
      : `with b as (select nextval('${table}_next') as b), q as (select t.* from ${table} t, b where t.n > (b.b - 1) * ${batch} and t.n <= b.b * ${batch})
         select count(*) from wallet_request_withdrawals((select array_agg(q.user_id order by q.n) from q), (select array_agg(${key} order by q.n) from q),
           array_fill(100::bigint, array[${batch}]), (select array_agg(q.recipient_id order by q.n) from q), array_fill(now(), array[${batch}]),
           array_fill('USD'::text, array[${batch}]), array_fill(${literal(rules[0])}, array[${batch}]), array_fill(${literal(rules[1])}, array[${batch}]),
           array_fill(null::text, array[${batch}]), array_fill(${Number(points)}::bigint, array[${batch}]), array_fill(${Number(fee)}::bigint, array[${batch}]),
           'payout-dispatch') w;`;
  const perClient = Math.floor(count / clients / batch);
  const tps = pgbenchScript(url, `${script.replace(/\s*\n\s*/g, ' ')}\n`, clients, perClient);
  return { tps: tps * batch, sent: perClient * clients * batch };
}

/**
 * @param {{ clients?: number, earners?: number, history?: number, pgbenchSeconds?: number, scale?: number }} [options]
 */
export async function run({ clients = 10, earners = EARNERS, history = 1, pgbenchSeconds = 10, scale = 10 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL (this benchmark is about concurrent writes)');
  if (!Number.isInteger(history) || history < 1 || history > 5000) throw new Error(`--history must be a whole number from 1 to 5000, not ${history}`);
  const suffix = `${process.pid}_${Date.now()}`;
  const grabDb = `${DB_PREFIX}withdraw_${suffix}`;
  const baselineDb = `${DB_PREFIX}pgbench_w_${suffix}`;
  psql(adminUrl, `create database ${grabDb}`);
  const grabUrl = databaseUrl(adminUrl, grabDb);
  /** @type {Awaited<ReturnType<typeof startGrab>> | undefined} */
  let server;
  try {
    const baselineUrl = pgbenchDatabase(adminUrl, baselineDb, scale);
    server = await startGrab({
      databaseUrl: grabUrl,
      label: 'withdraw',
      extraEnv: { LOG_LEVEL: 'warn', PG_POOL_MAX: String(clients), PAYOUT_SIMULATOR_DELAY_MS: String(SIMULATOR_DELAY_MS) },
    });
    const recipients = prepareEarners(grabUrl, earners, history);
    for (const { tag, count } of ALONE_SETS) prepareEarners(grabUrl, count, history, { tag, sessions: false });
    console.log(`${earners} earners with 5,000 points (${history} task reward${history === 1 ? '' : 's'} each) and a UPI recipient each; ${clients} clients`);

    // The fixture must be what the server expects: the first earner's recipient, read with its token.
    const probe = await fetch(`${server.url}/app/pay/userRecipient`, { headers: { authorization: `Bearer ${tokenOf(1)}` } }).then((r) => r.json());
    if (probe.data?.id !== recipients.get(1)) throw new Error(`the benchmark's earners are not usable: ${JSON.stringify(probe)}`);

    const { tps: before, cpu: beforeCpu } = pgbenchCounted(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N before: ${before.toFixed(0)} tps`);

    let next = 1;
    const makeRequests = () => withdrawalRequests(recipients, `bench-withdraw-${suffix}`, () => next++);
    const warmupCount = Math.min(2000, Math.floor(earners / 8));
    await runLoad({ url: server.url, connections: clients, amount: warmupCount, requests: makeRequests() });
    const measuredCount = earners - warmupCount;
    const counting = cpuWindow(server.child.pid);
    const result = await runLoad({ url: server.url, connections: clients, amount: measuredCount, requests: makeRequests() });
    const cpuUsed = counting.end();
    // From the first request to the last response: the time around the call would also count the
    // wait for the load tool's next one-second tick, a whole-second step in a run this short.
    const rps = result.requests.total / (result.activeMs / 1000);
    server.assertAlive('the measured run');

    // The request's statements alone, each grouping on its own set of earners; their orders are
    // dispatched and paid with the rest.
    let sentAlone = 0;
    const ceiling = await measureCeiling(clients, pgbenchSeconds, (how, index) => {
      const set = /** @type {(typeof ALONE_SETS)[number]} */ (ALONE_SETS[index]);
      const alone = requestAlone(grabUrl, { tag: set.tag, ...how, count: set.count });
      sentAlone += alone.sent;
      return alone.tps;
    });

    const { tps: after, cpu: afterCpu } = pgbenchCounted(baselineUrl, clients, pgbenchSeconds);
    console.log(`pgbench -N after: ${after.toFixed(0)} tps`);

    // The simulator pays after its delay: wait for every order to be decided, then count and reconcile.
    console.log('waiting for the simulator to pay every order');
    // What deciding an order costs, counted while nothing else runs: the simulator's delivery, the
    // webhook's verification and the settlement or refund through the ledger.
    const payingSince = psql(grabUrl, 'select now()::text');
    const paying = cpuWindow(server.child.pid);
    const deadline = Date.now() + SETTLE_MS;
    while (Date.now() < deadline && Number(psql(grabUrl, `select count(*) from withdraw_orders where state not in ('success', 'failed')`)) > 0) {
      await new Promise((r) => setTimeout(r, 1000));
    }
    const payingCpu = paying.end();
    const decidedWhileWaiting = Number(psql(grabUrl, `select count(*) from withdraw_orders where decided_at >= '${payingSince}'`));
    const states = psql(grabUrl, `select state || ' ' || count(*) from withdraw_orders group by state order by state`).split('\n').join(', ');
    const orders = Number(psql(grabUrl, 'select count(*) from withdraw_orders'));
    const aloneCreated = Number(psql(grabUrl, `select count(*) from withdraw_orders where idempotency_key not like 'bench-withdraw-%'`));
    const books = reconcile(grabUrl);
    const baseline = median([before, after]);
    const ratio = rps / baseline;
    const cpu = cpuRows({ window: cpuUsed, calls: result.requests.total, pgbench: [beforeCpu, afterCpu], call: 'withdrawal' });
    printTable(
      'Withdrawal requests vs pgbench -N (same PostgreSQL, same clients)',
      ['measure', 'figure'],
      [
        ['POST /app/pay/pay-withdraw, req/s', rps.toFixed(0)],
        ['  requests / non-2xx / errors', `${result.requests.total} / ${result.non2xx} / ${result.errors}`],
        ['  latency p50 / p99 (ms)', `${result.latency.p50} / ${result.latency.p99}`],
        ['pgbench -N tps (before, after)', `${before.toFixed(0)}, ${after.toFixed(0)}`],
        ['ratio to pgbench -N (median)', `${times(ratio)} (target ≥ ${TARGET_RATIO}×: ${verdict(ratio >= TARGET_RATIO)})`],
        ...ceilingRows(ceiling, baseline, 'withdrawals'),
        ...cpu.rows,
        ['orders / requests, over HTTP and alone', `${orders - aloneCreated} / ${earners}, ${aloneCreated} / ${sentAlone}`],
        ['orders by state afterwards', states],
        [
          'CPU per order decided while waiting: server / PostgreSQL (ms)',
          decidedWhileWaiting > 0 && payingCpu.postgresMs !== null
            ? `${(payingCpu.serverMs / decidedWhileWaiting).toFixed(3)} / ${(payingCpu.postgresMs / decidedWhileWaiting).toFixed(3)} (${decidedWhileWaiting} orders)`
            : 'n/a',
        ],
        ...Object.entries(books).map(([name, value]) => [`reconciliation: ${name}`, String(value)]),
      ],
    );
    const figures = { machine: machine(), clients, earners, history, rps, pgbench: { before, after, cpu: [beforeCpu, afterCpu] }, ratio, ceiling, cpu: cpu.figures, decidedWhileWaiting, payingCpu, aloneSent: sentAlone, aloneCreated, target: TARGET_RATIO, orders, states, books, latency: result.latency, non2xx: result.non2xx, errors: result.errors };
    writeResult('withdraw', figures);
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
      earners: { type: 'string', default: String(EARNERS) },
      history: { type: 'string', default: '1' },
      'pgbench-seconds': { type: 'string', default: '10' },
      scale: { type: 'string', default: '10' },
    },
  });
  runAsScript(() => run({ clients: Number(values.clients), earners: Number(values.earners), history: Number(values.history), pgbenchSeconds: Number(values['pgbench-seconds']), scale: Number(values.scale) }));
}
