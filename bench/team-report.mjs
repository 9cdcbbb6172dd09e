// The agent report of a big team: latency of `GET /app/stat/everyDayStat` over 31 days for an
// earner with 100,000 members at depths 1–5, against `POST /app/user/info` (one primary-key read
// of the same earner over HTTP) measured in the same run, interleaved. Also the team tree's two
// queries at that size, "everyone in A's team at depth ≤ 5" and "A's uplines", timed by PostgreSQL
// with their plans, and `POST /app/user/shareInfo` (which counts the team per depth), for information.
//
// The tree: A's five uplines, A, and a sample of A's team registered over HTTP (the real sign-up
// writes their closure rows and today's rollups); the rest inserted with SQL, with the closure rows
// registration would write (checked against the sample's) and 31 days of rollups for every team in
// the tree: registrations from the members' join dates, activity figures synthetic, since the
// report's cost does not depend on them.
//
// PostgreSQL only: DATABASE_URL names a PostgreSQL whose user may create databases; one throw-away
// database is made and dropped.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/team-report.mjs
//       [--members 100000] [--days 31] [--requests 400] [--clients 1,10]
import { call, loginDemo, registerEarner } from './lib/grab-api.mjs';
import { psql, withGrabOnPostgres } from './lib/postgres.mjs';
import { isMain, machine, numericOptions, percentile, printTable, runAsScript, times, verdict, writeResult } from './lib/report.mjs';
import { closureDifferences, insertClosure, TEAM_DEPTH } from './lib/team.mjs';

export const TARGET_P95_MS = 100;
/** Members registered for real below A: three direct invitees and a line down to depth 5 under the first. */
const SAMPLE_DIRECT = 3;
/** Share of the team at each depth 1..5 when filled with SQL: a tenfold fan-out, the rest at depth 5. */
const DEPTH_SIZES = [10, 100, 1000, 10000];
/** Rounds the measured requests are split into; each round runs every route in turn. */
const ROUNDS = 5;

/**
 * Registers A's five uplines under the demo earner, A, and the sample of A's team; returns A.
 * @param {string} baseUrl
 */
async function registerSample(baseUrl) {
  const demo = await loginDemo(baseUrl);
  let phone = 9_100_000_000;
  const next = async (/** @type {string} */ inviteCode) => registerEarner(baseUrl, { phone: String(phone++), inviteCode });
  let upline = { inviteCode: /** @type {string} */ (demo.userInfo.inviteCode) };
  for (let depth = 1; depth < TEAM_DEPTH; depth++) upline = (await next(upline.inviteCode)).userInfo;
  const a = await next(upline.inviteCode);
  const sample = [];
  for (let i = 0; i < SAMPLE_DIRECT; i++) sample.push((await next(a.userInfo.inviteCode)).userInfo);
  let below = sample[0];
  for (let depth = 2; depth <= TEAM_DEPTH; depth++) {
    below = (await next(below.inviteCode)).userInfo;
    sample.push(below);
  }
  return { id: /** @type {number} */ (a.userInfo.id), token: a.token, registered: [...sample.map((u) => /** @type {number} */ (u.id))], uplinesAndA: TEAM_DEPTH + 1 };
}

/**
 * Fills A's team to `members` with SQL, depth by depth (each new member's inviter taken in turn
 * from the depth above), joined on one of the last `days` days; A and its uplines joined before.
 * @param {string} url
 * @param {number} aId
 * @param {number} members
 * @param {number} days
 */
function fillTeam(url, aId, members, days) {
  psql(url, `update users set created_at = now() - interval '${days + 30} days' where id = ${aId} or id in (select ancestor_id from user_ancestors where user_id = ${aId})`);
  let inserted = 0;
  for (let depth = 1; depth <= TEAM_DEPTH; depth++) {
    const have = Number(psql(url, `select count(*) from user_ancestors where ancestor_id = ${aId} and depth = ${depth}`));
    const already = Number(psql(url, `select count(*) from user_ancestors where ancestor_id = ${aId}`));
    const size = depth < TEAM_DEPTH ? (DEPTH_SIZES[depth - 1] ?? 0) : members - (already - have);
    const count = Math.max(0, size - have);
    const parents = depth === 1 ? `select ${aId} as id` : `select user_id as id from user_ancestors where ancestor_id = ${aId} and depth = ${depth - 1}`;
    psql(
      url,
      `with p as (select id, row_number() over (order by id) - 1 as i, count(*) over () as n from (${parents}) x)
       insert into users (public_id, phone, country, password_hash, invite_code, inviter_id, created_at)
       select 'tm-' || ${depth} || '-' || g, '+9170' || ${depth} || lpad(g::text, 7, '0'), 'IN', 'not-a-login', 'TM' || ${depth} || 'X' || g, p.id,
              now() - make_interval(days => (g % ${days}), secs => (g % 60))
       from generate_series(1, ${count}) g join p on p.i = g % p.n order by g`,
    );
    // The next depth's parents are read from the closure, so it is written depth by depth.
    insertClosure(url, `u.public_id like 'tm-${depth}-%'`);
    inserted += count;
  }
  return inserted;
}

/**
 * The report's rollups for the `days` days, for every upline of an SQL-inserted member:
 * registrations counted from join dates as the migration derives them, activity a fixed share of
 * the team that varies by weekday. Added to the rows the real sign-ups wrote today.
 * @param {string} url
 * @param {number} days
 */
function fillRollups(url, days) {
  psql(
    url,
    `insert into team_daily_stats (ancestor_id, day, registered)
     select a.ancestor_id, (u.created_at at time zone 'UTC')::date, count(*)
     from user_ancestors a join users u on u.id = a.user_id where u.public_id like 'tm-%' group by 1, 2
     on conflict (ancestor_id, day) do update set registered = team_daily_stats.registered + excluded.registered;
     with teams as (select ancestor_id, count(*) as size from user_ancestors group by ancestor_id),
          days as (select (now() at time zone 'UTC')::date - d as day, d from generate_series(0, ${days - 1}) d)
     insert into team_daily_stats (ancestor_id, day, online_users, online_points, withdrawal_users, withdrawal_points)
     select t.ancestor_id, days.day, ceil(t.size * (20 + days.d % 7) / 100.0), ceil(t.size * (20 + days.d % 7) / 100.0) * 500,
            t.size / 10, (t.size / 10) * 10000
     from teams t cross join days
     on conflict (ancestor_id, day) do update set
       online_users = team_daily_stats.online_users + excluded.online_users, online_points = team_daily_stats.online_points + excluded.online_points,
       withdrawal_users = team_daily_stats.withdrawal_users + excluded.withdrawal_users, withdrawal_points = team_daily_stats.withdrawal_points + excluded.withdrawal_points`,
  );
  // What autovacuum would have done by the time a team is this big: statistics and visibility map.
  psql(url, 'vacuum analyze users, user_ancestors, team_daily_stats');
  return Number(psql(url, 'select count(*) from team_daily_stats'));
}

/**
 * Milliseconds of `count` requests made by `clients` workers at once, each waiting for its answer
 * before the next; a request that fails stops the benchmark.
 * @param {() => Promise<unknown>} request
 * @param {number} count
 * @param {number} clients
 */
async function timeRequests(request, count, clients) {
  /** @type {number[]} */
  const ms = [];
  let left = count;
  const worker = async () => {
    while (left-- > 0) {
      const started = performance.now();
      await request();
      ms.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return ms;
}

/**
 * Execution times (ms, PostgreSQL's own, without the client) of `query` run `runs` times, its
 * rows and the indexes and scans of its plan.
 * @param {string} url
 * @param {string} query
 * @param {number} runs
 */
function explainTimes(url, query, runs) {
  /** @type {number[]} */
  const ms = [];
  /** @type {Set<string>} */
  const scans = new Set();
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const [plan] = JSON.parse(psql(url, `explain (analyze, timing off, format json) ${query}`));
    ms.push(plan['Execution Time'] + plan['Planning Time']);
    rows = plan.Plan['Actual Rows'];
    /** @param {any} node */
    const walk = (node) => {
      if (/Scan/.test(node['Node Type'])) scans.add(`${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), rows, plan: [...scans].join('; ') };
}

/** @param {number} ms */
const msText = (ms) => `${ms.toFixed(1)} ms`;

/**
 * @param {{ members?: number, days?: number, requests?: number, clients?: number[] }} [options]
 */
export function run({ members = 100_000, days = 31, requests = 400, clients = [1, 10] } = {}) {
  // The report may span `days` days, whatever the deployment's default maximum.
  const options = { label: 'team-report', why: 'the target is for PostgreSQL', extraEnv: { LOG_LEVEL: 'warn', REPORT_MAX_DAYS: String(Math.max(31, days)) } };
  return withGrabOnPostgres(options, async ({ url, server }) => {
    const began = performance.now();
    const a = await registerSample(server.url);
    const registeredMs = performance.now() - began;
    const sampleDifferences = closureDifferences(url, `u.id in (${[a.id, ...a.registered].join(',')})`);
    const inserted = fillTeam(url, a.id, members, days);
    const rollupRows = fillRollups(url, days);
    const team = psql(url, `select depth || ':' || count(*) from user_ancestors where ancestor_id = ${a.id} group by depth order by depth`).split('\n');
    const teamSize = team.reduce((n, line) => n + Number(line.split(':')[1]), 0);
    const how =
      `A's ${TEAM_DEPTH} uplines, A and ${a.registered.length} of A's team registered over HTTP (${(registeredMs / 1000).toFixed(1)} s); ` +
      `${inserted} members inserted with SQL, their closure rows as registration writes them (${sampleDifferences} differences on the registered ones), ` +
      `${rollupRows} rollup rows (registrations from join dates, activity synthetic)`;
    console.log(`${how}\nA's team by depth: ${team.join(', ')} (${teamSize} members)`);

    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const reportPath = `/app/stat/everyDayStat?start=${start}&end=${today}`;
    const report = (await call(server.url, reportPath, { token: a.token })).envelope.data;
    if (report.days.length !== days) throw new Error(`the report answered ${report.days.length} days for ${days}`);
    const registeredInReport = report.days.reduce((/** @type {number} */ n, /** @type {{ registered: number }} */ d) => n + d.registered, 0);
    console.log(`the report for ${start}..${today}: ${report.days.length} days, ${registeredInReport} registrations in them`);

    const routes = [
      { name: 'POST /app/user/info (baseline: one primary-key read)', send: () => call(server.url, '/app/user/info', { method: 'POST', body: {}, token: a.token }) },
      { name: `GET ${reportPath.split('?')[0]} (${days} days)`, send: () => call(server.url, reportPath, { token: a.token }) },
      { name: 'POST /app/user/shareInfo (counts the team per depth; no target)', send: () => call(server.url, '/app/user/shareInfo', { method: 'POST', body: {}, token: a.token }) },
    ];
    /** @type {{ clients: number, route: string, p50: number, p95: number, ratioP95: number, count: number }[]} */
    const latency = [];
    for (const c of clients) {
      for (const route of routes) await timeRequests(route.send, 20 * c, c);
      /** @type {number[][]} */
      const samples = routes.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, route] of routes.entries()) samples[i]?.push(...(await timeRequests(route.send, Math.ceil(requests / ROUNDS), c)));
      }
      server.assertAlive(`the requests of ${c} client(s)`);
      const baseP95 = percentile(samples[0] ?? [], 95);
      for (const [i, route] of routes.entries()) {
        const ms = samples[i] ?? [];
        latency.push({ clients: c, route: route.name, p50: percentile(ms, 50), p95: percentile(ms, 95), ratioP95: percentile(ms, 95) / baseP95, count: ms.length });
      }
    }

    const tree = [
      { name: "everyone in A's team at depth ≤ 5", query: `select user_id, depth from user_ancestors where ancestor_id = ${a.id} and depth <= ${TEAM_DEPTH}` },
      { name: "A's team counted per depth (shareInfo's query)", query: `select depth, count(*) from user_ancestors where ancestor_id = ${a.id} group by depth` },
      { name: "A's uplines", query: `select ancestor_id, depth from user_ancestors where user_id = ${a.id} order by depth` },
    ].map((q) => ({ ...q, ...explainTimes(url, q.query, 15) }));

    const reportRows = latency.filter((l) => l.route.startsWith('GET'));
    printTable(
      `Agent report of an earner with ${teamSize} team members over ${days} days, vs one primary-key read (PostgreSQL, ${requests} requests per route and client count, interleaved)`,
      ['route', 'clients', 'p50', 'p95', 'p95 vs baseline'],
      latency.map((l) => [l.route, l.clients, msText(l.p50), msText(l.p95), times(l.ratioP95)]),
    );
    printTable(
      `Team tree queries at ${teamSize} members (PostgreSQL execution + planning time, 15 runs each)`,
      ['query', 'rows', 'p50', 'p95', 'plan'],
      tree.map((q) => [q.name, q.rows, msText(q.p50), msText(q.p95), q.plan]),
    );
    for (const r of reportRows) console.log(`report p95 with ${r.clients} client(s): ${msText(r.p95)} (target ≤ ${TARGET_P95_MS} ms: ${verdict(r.p95 <= TARGET_P95_MS)})`);
    console.log(`fixture: ${how}`);
    const figures = { machine: machine(), members: teamSize, days, requests, team, fixture: how, sampleDifferences, rollupRows, latency, tree, target: TARGET_P95_MS };
    writeResult('team-report', figures);
    return figures;
  });
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ members: 100_000, days: 31, requests: 400, clients: [1, 10] })));
