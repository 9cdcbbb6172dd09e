// What one call of the ledger's and the review queue's read-only SQL functions costs PostgreSQL,
// as they stand and as the SQL-language versions they replaced (migration 0025), beside a baseline
// in the same run: one single-row read by primary key, `pgbench -S`'s kind of statement.
//
// Each call is its own statement, sent by pgbench from one connection (simple protocol, as the
// server's unprepared statements are parsed each time): the server calls `ledger_locked_points` once
// per assetInfo read and per withdrawal request, `review_item_duplicates` once per review item, and a
// SQL-language function is parsed and planned again in every statement that calls it. Rounds
// alternate the cases, so a busy machine slows them alike; the ratio to the baseline is the figure.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/sql-functions.mjs
//       [--earners 4000] [--calls 3000] [--rounds 3]
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startGrab } from './lib/grab-server.mjs';
import { balancesFromEntriesSql, createDatabase, creditsSql, DB_PREFIX, dropDatabase, pgbenchScript, psql } from './lib/postgres.mjs';
import { isMain, machine, median, numericOptions, printTable, runAsScript, times, writeResult } from './lib/report.mjs';

const MIGRATIONS = path.join(REPO_ROOT, 'server', 'drizzle');

/**
 * The `CREATE … FUNCTION name` statement of a migration, moved into the schema `former`, so that the
 * version it defined can be called beside the current one.
 * @param {string} file
 * @param {string} name
 */
function formerDefinition(file, name) {
  const text = fs.readFileSync(path.join(MIGRATIONS, file), 'utf8');
  const start = text.search(new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`));
  const end = text.indexOf('$$;', start);
  if (start < 0 || end < 0) throw new Error(`${file} defines no ${name}`);
  return text.slice(start, end + 3).replace(`FUNCTION ${name}(`, `FUNCTION former.${name}(`);
}

/**
 * @param {{ earners?: number, calls?: number, rounds?: number }} [options]
 */
export async function run({ earners = 4000, calls = 3000, rounds = 3 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must name a PostgreSQL');
  const name = `${DB_PREFIX}sqlfn_${process.pid}_${Date.now()}`;
  const url = createDatabase(adminUrl, name);
  try {
    // The server migrates and seeds the database, then is not needed: the calls go straight in.
    const server = await startGrab({ databaseUrl: url, label: 'sql-functions', extraEnv: { LOG_LEVEL: 'warn' } });
    await server.stop();
    // Earners as registration and a first task leave them: a welcome bonus each, and a task reward
    // for every other one (the lock's two branches); a submission each for the duplicates' lookup.
    psql(
      url,
      `insert into users (public_id, phone, country, password_hash, invite_code)
         select 'sqlfn-' || g, '+1201' || (2000000 + g), 'US', 'not-a-login', 'SQLFN' || g from generate_series(1, ${earners}) g;
       ${creditsSql({ where: "users.public_id like 'sqlfn-%'", reason: 'welcome_bonus', amount: 500, prefix: 'welcome:' })}
       ${creditsSql({ where: "users.public_id like 'sqlfn-%' and users.id % 2 = 0", reason: 'task_reward', amount: 500, prefix: 'reward:' })}
       ${balancesFromEntriesSql("users.public_id like 'sqlfn-%'")}
       insert into tasks (kind, schedule, title, description, reward, proof_pictures) values ('audit', 'once', 'Bench', 'Bench', 500, 1);
       insert into task_runs (user_id, task_id, period, seq, step, status)
         select u.id, (select max(id) from tasks), 'once', 1, 0, 'underReview' from users u where u.public_id like 'sqlfn-%';
       insert into submissions (run_id, user_id, task_id, pictures, status, deadline_at)
         select r.id, r.user_id, r.task_id, '[]'::jsonb, 'underReview', now() + interval '7 days' from task_runs r where r.task_id = (select max(id) from tasks);`,
    );
    psql(url, 'analyze');
    const firstUser = Number(psql(url, `select min(id) - 1 from users where public_id like 'sqlfn-%'`));
    const firstSubmission = Number(psql(url, 'select min(id) - 1 from submissions'));

    psql(url, 'create schema former');
    psql(url, formerDefinition('0024_ledger_locked_points_reversed.sql', 'ledger_locked_points'));
    psql(url, formerDefinition('0019_ledger_task_reward_functions.sql', 'review_item_duplicates'));
    const user = `\\set id random(${firstUser + 1}, ${firstUser + earners})\n`;
    const submission = `\\set id random(${firstSubmission + 1}, ${firstSubmission + earners})\n`;
    /** @type {[string, string][]} */
    const cases = [
      ['single-row read (baseline)', `${user}select balance from balances where user_id = :id;\n`],
      ['ledger_locked_points, SQL (0024)', `${user}select former.ledger_locked_points(:id);\n`],
      ['ledger_locked_points, PL/pgSQL (0025)', `${user}select ledger_locked_points(:id);\n`],
      ['review_item_duplicates, SQL (0019)', `${submission}select former.review_item_duplicates(:id);\n`],
      ['review_item_duplicates, PL/pgSQL (0025)', `${submission}select review_item_duplicates(:id);\n`],
    ];
    /** @type {Map<string, number[]>} */
    const perCall = new Map(cases.map(([label]) => [label, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [label, script] of cases) perCall.get(label)?.push(1e6 / pgbenchScript(url, script, 1, calls));
    }
    const baseline = median(perCall.get(cases[0]?.[0] ?? '') ?? []);
    printTable(
      `One call per statement, one connection, median of ${rounds} rounds of ${calls} (PostgreSQL)`,
      ['call', 'µs per statement', 'to the baseline', 'every round (µs)'],
      [...perCall.entries()].map(([label, us]) => [label, median(us).toFixed(0), times(median(us) / baseline, 1), us.map((u) => u.toFixed(0)).join(', ')]),
    );
    const result = Object.fromEntries(perCall);
    writeResult('sql-functions', { machine: machine(), earners, calls, rounds, microsecondsPerStatement: result });
    return result;
  } finally {
    dropDatabase(adminUrl, name);
  }
}

if (isMain(import.meta.url)) {
  const values = numericOptions({ earners: 4000, calls: 3000, rounds: 3 });
  runAsScript(() => run(values));
}
