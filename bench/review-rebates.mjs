// What the uplines' rebates cost the reviewer's pass: requests per second of `POST /admin/review/pass`
// for earners with five uplines (each pass credits the earner and pays five rebates from the
// platform in the same transaction, and counts the reward in five uplines' daily rollups) as a
// ratio to the same passes for earners with no upline, on one server in one run. Segments of
// each kind alternate, so a machine that gets busier halfway weighs on both sides alike.
//
// Every earner is verified first by a real pass of another audit task (which is also the warm-up):
// rebates from an earner without an approved audit task are only held, and the measured passes
// must pay them. A third kind shares one chain of five uplines between all its earners, the
// hottest rows a big team has; it is printed for information, without a target.
//
// PostgreSQL only: DATABASE_URL names a PostgreSQL whose user may create databases; one throw-away
// database is made and dropped. Afterwards the rebates are counted and the books reconciled.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/review-rebates.mjs
//       [--clients 10] [--segment 1000] [--rounds 2]
import { loginReviewer } from './lib/grab-api.mjs';
import { load as runLoad } from './lib/load.mjs';
import { psql, reconcile, unreconciled, withGrabOnPostgres } from './lib/postgres.mjs';
import { isMain, machine, median, numericOptions, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';
import { insertClosure, TEAM_DEPTH } from './lib/team.mjs';

export const TARGET_RATIO = 0.9;
/** The kinds of earner, in the order a round measures them (reversed every other round). */
const KINDS = /** @type {const} */ (['none', 'own', 'shared']);
/** @typedef {typeof KINDS[number]} Kind */
const KIND_LABEL = { none: 'no upline', own: 'own chain of 5 uplines', shared: 'one chain of 5 shared by all' };
const REWARD = 500;

/**
 * Two audit tasks (the one that verifies, the one measured), and `count` earners of each kind with
 * a run under review and its submission for both. Chain 0 is the shared one; chain n belongs to
 * the n-th earner of kind `own`. Uplines are inserted before the earners below them, so ids grow
 * down a chain as they do when people register.
 * @param {string} url
 * @param {number} count
 */
function prepare(url, count) {
  const [verifyTask = 0, benchTask = 0] = psql(
    url,
    `insert into tasks (kind, schedule, title, description, reward, proof_pictures)
     values ('audit', 'once', 'Benchmark first audit', 'Benchmark first audit', ${REWARD}, 1),
            ('audit', 'once', 'Benchmark audit', 'Benchmark audit', ${REWARD}, 1) returning id`,
  )
    .split('\n')
    .map(Number);
  const user = (/** @type {string} */ publicId, /** @type {string} */ phone) => `${publicId}, ${phone}, 'US', 'not-a-login', upper(replace(${publicId}, '-', ''))`;
  for (let k = 1; k <= TEAM_DEPTH; k++) {
    psql(
      url,
      `insert into users (public_id, phone, country, password_hash, invite_code, inviter_id)
       select ${user(`'rb-up-' || c || '-${k}'`, `'+1207' || (2000000 + c * 10 + ${k})`)},
              (select id from users i where i.public_id = 'rb-up-' || c || '-${k - 1}')
       from generate_series(0, ${count}) c order by c`,
    );
  }
  psql(
    url,
    `insert into users (public_id, phone, country, password_hash, invite_code, inviter_id)
     select ${user(`'rb-' || kind || '-' || n`, `'+1' || (207 + g) || (2000000 + n)`)},
            (select id from users i where i.public_id = case kind when 'own' then 'rb-up-' || n || '-${TEAM_DEPTH}' when 'shared' then 'rb-up-0-${TEAM_DEPTH}' end)
     from unnest(array['none', 'own', 'shared']) with ordinality k(kind, g), generate_series(1, ${count}) n order by g, n;
     insert into task_runs (user_id, task_id, period, seq, step, status)
     select u.id, t.id, 'once', 1, 0, 'underReview' from users u cross join (values (${verifyTask}), (${benchTask})) t(id)
     where u.public_id ~ '^rb-(none|own|shared)-' order by t.id, u.id;
     insert into submissions (run_id, user_id, task_id, pictures, status, deadline_at)
     select r.id, r.user_id, r.task_id, '[]'::jsonb, 'underReview', now() + interval '7 days'
     from task_runs r where r.task_id in (${verifyTask}, ${benchTask}) order by r.id;`,
  );
  const closureRows = insertClosure(url, `u.public_id like 'rb-%'`);
  /** @param {number} taskId @param {string} kind */
  const ids = (taskId, kind) =>
    psql(url, `select s.id from submissions s join users u on u.id = s.user_id where s.task_id = ${taskId} and u.public_id like 'rb-${kind}-%' order by s.id`)
      .split('\n')
      .map(Number);
  const verify = psql(url, `select id from submissions where task_id = ${verifyTask} order by id`).split('\n').map(Number);
  return { verifyTask, benchTask, closureRows, verify, bench: { none: ids(benchTask, 'none'), own: ids(benchTask, 'own'), shared: ids(benchTask, 'shared') } };
}

/**
 * Passes the submissions `ids` over HTTP with `clients` connections, each request a different one.
 * @param {string} baseUrl
 * @param {string} token
 * @param {number[]} ids
 * @param {number} clients
 */
async function passAll(baseUrl, token, ids, clients) {
  let next = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const requests = [
    {
      method: /** @type {const} */ ('POST'),
      path: '/admin/review/pass',
      headers,
      setupRequest: (/** @type {import('autocannon').RequestSpec} */ request) => ({ ...request, body: JSON.stringify({ submissionId: ids[next++] }) }),
    },
  ];
  const result = await runLoad({ url: baseUrl, connections: clients, amount: ids.length, requests });
  return { rps: result.requests.total / (result.activeMs / 1000), requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, errorKinds: result.errorKinds, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * @param {{ clients?: number, segment?: number, rounds?: number }} [options]
 */
export function run({ clients = 10, segment = 1000, rounds = 2 } = {}) {
  const options = { label: 'review-rebates', why: 'reviewers passing at once are concurrent writes', extraEnv: { LOG_LEVEL: 'warn', PG_POOL_MAX: String(clients) } };
  return withGrabOnPostgres(options, async ({ url, server }) => {
    const token = await loginReviewer(server.url);
    const perKind = segment * rounds;
    const fixture = prepare(url, perKind);
    console.log(
      `${perKind} earners of each kind (${KINDS.map((k) => KIND_LABEL[k]).join('; ')}), ${fixture.closureRows} team-tree rows; ${clients} clients`,
    );

    // The first audit task of every earner, passed for real: it verifies them and warms the server up.
    const verification = await passAll(server.url, token, fixture.verify, clients);
    server.assertAlive('the verifying passes');
    const verified = Number(psql(url, `select count(*) from user_progress p join users u on u.id = p.user_id where p.verified_at is not null and u.public_id ~ '^rb-(none|own|shared)-'`));
    console.log(`verifying passes: ${verification.requests} at ${verification.rps.toFixed(0)} req/s; ${verified} of ${3 * perKind} earners verified`);
    if (verified !== 3 * perKind) throw new Error(`only ${verified} of ${3 * perKind} earners were verified: the measured passes would hold their rebates`);

    /** @type {{ round: number, kind: Kind, rps: number, requests: number, non2xx: number, errors: number, p50: number, p99: number }[]} */
    const segments = [];
    for (let round = 0; round < rounds; round++) {
      for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) {
        const ids = fixture.bench[kind].slice(round * segment, (round + 1) * segment);
        const figures = await passAll(server.url, token, ids, clients);
        server.assertAlive(`the passes of earners with ${KIND_LABEL[kind]}`);
        segments.push({ round, kind, ...figures });
        console.log(`round ${round + 1}, ${KIND_LABEL[kind]}: ${figures.rps.toFixed(0)} req/s (p50 ${figures.p50} ms, p99 ${figures.p99} ms)`);
      }
    }

    const of = (/** @type {Kind} */ kind) => {
      const mine = segments.filter((s) => s.kind === kind);
      return {
        rps: median(mine.map((s) => s.rps)),
        requests: mine.reduce((n, s) => n + s.requests, 0),
        failed: mine.reduce((n, s) => n + s.non2xx + s.errors, 0),
        p50: median(mine.map((s) => s.p50)),
        p99: median(mine.map((s) => s.p99)),
      };
    };
    const byKind = { none: of('none'), own: of('own'), shared: of('shared') };
    const ratio = byKind.own.rps / byKind.none.rps;
    const sharedRatio = byKind.shared.rps / byKind.none.rps;

    // Five paid rebates per measured pass of an earner with uplines, none without; nothing held.
    const rebateRows = psql(
      url,
      `select split_part(u.public_id, '-', 2) as kind, count(r.id), count(r.id) filter (where r.status = 'paid'), coalesce(sum(r.amount), 0)
       from users u join task_runs t on t.user_id = u.id and t.task_id = ${fixture.benchTask} left join team_rebates r on r.run_id = t.id
       where u.public_id ~ '^rb-(none|own|shared)-' group by kind order by kind`,
    );
    /** @type {Record<string, { rebates: number, paid: number, amount: number }>} */
    const rebates = {};
    for (const line of rebateRows.split('\n')) {
      const [kind, all, paid, amount] = line.split('|');
      rebates[/** @type {string} */ (kind)] = { rebates: Number(all), paid: Number(paid), amount: Number(amount) };
    }
    const credited = Number(psql(url, `select count(*) from ledger_transfers t join task_runs r on t.idempotency_key = 'task-run:' || r.id where r.task_id = ${fixture.benchTask}`));
    const held = Number(psql(url, `select count(*) from team_rebates where status = 'held'`));
    const books = reconcile(url);
    const off = unreconciled(books);
    const expected = (/** @type {Kind} */ kind) => (kind === 'none' ? 0 : TEAM_DEPTH * byKind[kind].requests);
    const rebatesExact = KINDS.every((k) => (rebates[k]?.paid ?? 0) === expected(k) && (rebates[k]?.rebates ?? 0) === expected(k));

    printTable(
      `Reviewer pass with five uplines' rebates vs the same pass without uplines (PostgreSQL, ${clients} clients, ${rounds} rounds of ${segment} passes each)`,
      ['measure', 'figure'],
      [
        ...KINDS.map((k) => [`POST /admin/review/pass, ${KIND_LABEL[k]}, req/s (median)`, `${byKind[k].rps.toFixed(0)} (p50 ${byKind[k].p50} ms, p99 ${byKind[k].p99} ms)`]),
        ['  per segment, in the order run', segments.map((s) => `${s.kind} ${s.rps.toFixed(0)}`).join(', ')],
        ['  non-2xx and errors, measured passes', String(KINDS.reduce((n, k) => n + byKind[k].failed, 0))],
        ['ratio own chain / no upline', `${times(ratio)} (target ≥ ${TARGET_RATIO}×: ${verdict(ratio >= TARGET_RATIO)})`],
        ['ratio shared chain / no upline (no target)', times(sharedRatio)],
        ['task credits / measured passes', `${credited} / ${3 * perKind}`],
        ...KINDS.map((k) => [`rebates paid, ${KIND_LABEL[k]}`, `${rebates[k]?.paid ?? 0} of ${rebates[k]?.rebates ?? 0} written, ${expected(k)} expected (${TEAM_DEPTH} × passes)`]),
        ['rebates exactly 5 × passes, none held', `${rebatesExact && held === 0 ? 'yes' : 'NO'} (held ${held})`],
        ['reconciliation (reconcile, incl. rebatesMismatched)', off.length === 0 ? 'holds' : off.join(', ')],
      ],
    );
    const figures = { machine: machine(), clients, segment, rounds, byKind, segments, ratio, sharedRatio, target: TARGET_RATIO, verification, credited, rebates, held, rebatesExact, books };
    writeResult('review-rebates', figures);
    return figures;
  });
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ clients: 10, segment: 1000, rounds: 2 })));
