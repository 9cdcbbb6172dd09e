// What one small statement costs the embedded database's thread as drizzle sends it (with a
// `parsers` option on every statement) against the same statement without that option, which is
// how the server now sends it (server/src/db/pglite-parsers.ts). Both on one PGlite instance in
// memory, in alternated rounds, so a slow minute of the machine weighs on both alike. A ratio near
// 1 after a PGlite upgrade would say the workaround is no longer needed.
//
//   node bench/pglite-statement.mjs [--rounds 6] [--per 4000]
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './lib/grab-server.mjs';
import { isMain, machine, median, numericOptions, printTable, runAsScript, times, writeResult } from './lib/report.mjs';

/** The types drizzle asks PGlite to leave as text, as its PGlite session does. */
const TEXT_TYPES = [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182];

async function loadPglite() {
  const require = createRequire(path.join(REPO_ROOT, 'server', 'package.json'));
  const entry = require.resolve('@electric-sql/pglite').replace(/index\.cjs$/, 'index.js');
  return await import(pathToFileURL(entry).href);
}

/** @param {{ rounds?: number, per?: number }} [options] */
export async function run({ rounds = 6, per = 4000 } = {}) {
  const { PGlite } = await loadPglite();
  const db = await PGlite.create();
  try {
    await db.exec(`create table runs (id int primary key, user_id int, status text, created_at timestamptz default now());
      insert into runs (id, user_id, status) select g, g % 50, 'completed' from generate_series(1, 500) g;`);
    /** @param {(v: string) => string} v */
    const asText = (v) => v;
    // drizzle builds its options once per statement object, the parsers with them.
    const drizzleShaped = () => ({ rowMode: /** @type {const} */ ('array'), parsers: Object.fromEntries(TEXT_TYPES.map((t) => [t, asText])) });
    const optionLeftOff = () => ({ rowMode: /** @type {const} */ ('array') });
    const text = 'select id, status, created_at from runs where user_id = $1 order by id limit 3';
    /** @param {() => object} options */
    const timeOne = async (options) => {
      const started = performance.now();
      for (let i = 0; i < per; i++) await db.query(text, [i % 50], options());
      return ((performance.now() - started) / per) * 1000;
    };
    await timeOne(drizzleShaped);
    await timeOne(optionLeftOff);
    /** @type {number[]} */
    const withOption = [];
    /** @type {number[]} */
    const without = [];
    for (let round = 0; round < rounds; round++) {
      withOption.push(await timeOne(drizzleShaped));
      without.push(await timeOne(optionLeftOff));
    }
    const result = {
      machine: machine(),
      per,
      rounds,
      withOptionUs: median(withOption),
      withoutUs: median(without),
      ratio: median(without) / median(withOption),
      roundsUs: { withOption, without },
    };
    printTable(`A PGlite statement (3 rows), µs, median of ${rounds} rounds of ${per}`, ['as drizzle sends it', 'the option left off', 'left off / as sent'], [
      [result.withOptionUs.toFixed(0), result.withoutUs.toFixed(0), times(result.ratio)],
    ]);
    writeResult('pglite-statement', result);
    return result;
  } finally {
    await db.close();
  }
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ rounds: 6, per: 4000 })));
