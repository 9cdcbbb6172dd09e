// What one small statement costs the embedded database's thread, three ways, on one PGlite instance
// in memory, in alternated rounds so that a slow minute of the machine weighs on all alike:
//   - as drizzle sends it to PGlite's `query` (with a `parsers` option on every statement);
//   - to PGlite's `query` with that option left off (server/src/db/pglite-parsers.ts), as the server
//     sent it until 2026-12-06;
//   - through the server's own `namedStatements` (server/src/db/pglite-statements.ts): prepared once,
//     then bound, executed and synced in one call, as the server sends it now.
// Ratios near 1 after a PGlite upgrade would say those modules are no longer needed. The third form
// imports the server's TypeScript source, which needs Node 22 (the project's; bootstrap puts it first
// on PATH); on an older Node that column says so.
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

/** The server's `namedStatements`, or null where this Node cannot load TypeScript. */
async function loadNamedStatements() {
  try {
    const module = await import(pathToFileURL(path.join(REPO_ROOT, 'server', 'src', 'db', 'pglite-statements.ts')).href);
    return module.namedStatements;
  } catch {
    return null;
  }
}

/** @param {{ rounds?: number, per?: number }} [options] */
export async function run({ rounds = 6, per = 4000 } = {}) {
  const pglite = await loadPglite();
  const namedStatements = await loadNamedStatements();
  const db = await pglite.PGlite.create();
  try {
    await db.exec(`create table runs (id int primary key, user_id int, status text, created_at timestamptz default now());
      insert into runs (id, user_id, status) select g, g % 50, 'completed' from generate_series(1, 500) g;`);
    /** @param {(v: string) => string} v */
    const asText = (v) => v;
    // drizzle builds its options once per statement object, the parsers with them.
    const drizzleShaped = () => ({ rowMode: /** @type {const} */ ('array'), parsers: Object.fromEntries(TEXT_TYPES.map((t) => [t, asText])) });
    const optionLeftOff = () => ({ rowMode: /** @type {const} */ ('array') });
    const text = 'select id, status, created_at from runs where user_id = $1 order by id limit 3';
    const prepared = namedStatements ? namedStatements(db, pglite).query : null;
    /**
     * Mean µs of one statement over `per`, sent by `query` with the options `options` makes.
     * @param {(text: string, params: unknown[], options: object) => Promise<unknown>} query
     * @param {() => object} options
     */
    const timeOne = async (query, options) => {
      const started = performance.now();
      for (let i = 0; i < per; i++) await query(text, [i % 50], options());
      return ((performance.now() - started) / per) * 1000;
    };
    const own = db.query.bind(db);
    /** @type {[string, () => Promise<number>][]} */
    const forms = [
      ['withOption', () => timeOne(own, drizzleShaped)],
      ['without', () => timeOne(own, optionLeftOff)],
      ...(prepared ? /** @type {[string, () => Promise<number>][]} */ ([['prepared', () => timeOne(prepared, optionLeftOff)]]) : []),
    ];
    for (const [, time] of forms) await time();
    /** @type {Record<string, number[]>} */
    const timings = { withOption: [], without: [], prepared: [] };
    for (let round = 0; round < rounds; round++) for (const [name, time] of forms) timings[name]?.push(await time());
    const withOption = timings.withOption ?? [];
    const without = timings.without ?? [];
    const preparedUs = prepared ? median(timings.prepared ?? []) : null;
    const result = {
      machine: machine(),
      per,
      rounds,
      withOptionUs: median(withOption),
      withoutUs: median(without),
      preparedUs,
      ratio: median(without) / median(withOption),
      preparedRatio: preparedUs === null ? null : preparedUs / median(withOption),
      roundsUs: timings,
    };
    printTable(
      `A PGlite statement (3 rows), µs, median of ${rounds} rounds of ${per}; ratios to the first`,
      ['as drizzle sends it', 'the option left off', 'prepared once, one call (the server now)', 'left off / as sent', 'prepared / as sent'],
      [
        [
          result.withOptionUs.toFixed(0),
          result.withoutUs.toFixed(0),
          preparedUs === null ? 'needs Node 22' : preparedUs.toFixed(0),
          times(result.ratio),
          result.preparedRatio === null ? '—' : times(result.preparedRatio),
        ],
      ],
    );
    writeResult('pglite-statement', result);
    return result;
  } finally {
    await db.close();
  }
}

if (isMain(import.meta.url)) runAsScript(() => run(numericOptions({ rounds: 6, per: 4000 })));
