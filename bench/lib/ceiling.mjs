// The most any server could serve of a write on this machine, measured in the run that measures
// the server. A call costs at least what the cheapest HTTP route costs (the server's own Fastify
// with one route and nothing else, bench/bare-fastify.mjs) plus what PostgreSQL alone spends on
// the call's statements (sent by pgbench, no HTTP and no Node). Both share the same cores, so the
// two costs add: the ceiling is 1 / (1/bare + 1/statement), the reasoning issue 15 gives for the
// one-row reads. A figure above the ceiling would mean the measurement is wrong.
//
// Beside it, what a statement costs from one connection, split into what every statement pays
// whatever it carries (the start-up of each of its inner statements, the commit) and what each item
// adds: from one item a statement and `clients` items a statement, both from one connection. A
// large fixed part says bigger batches pay; a second batch line in flight, each batch smaller,
// pays it twice.
import { startBareFastify } from './grab-server.mjs';
import { load as runLoad } from './load.mjs';
import { times } from './report.mjs';

/**
 * @typedef {{ clients: number, batch: number, batchFunction?: boolean }} Grouping  connections, items in each
 *   statement, and whether one item goes through the batch's function rather than the single one
 * @typedef {Grouping & { rate: number }} StatementRate   items per second in that grouping
 * @typedef {{ statements: StatementRate[], bare: number, ceiling: number, batchCost: ReturnType<typeof batchCost> }} Ceiling
 */

/**
 * How a server can send the statements of `clients` requests in flight: one a statement from as
 * many connections (each request as it arrives alone), all of them in one statement (one batch in
 * flight, as the server's batcher sends them), or half of them in each of two. Last, one request
 * at a time from one connection through the batch's function, which only the batch's cost split
 * needs (it is never the best): the same function as the batches, so the line is one function's.
 * @param {number} clients
 * @returns {Grouping[]}
 */
function groupings(clients) {
  return [
    { clients, batch: 1 },
    { clients: 1, batch: clients },
    { clients: 2, batch: Math.ceil(clients / 2) },
    { clients: 1, batch: 1, batchFunction: true },
  ];
}

/**
 * Ms a statement costs from one connection whatever it carries, and ms each item adds: the line
 * through one item a statement and the most items a statement, both from one connection. Null
 * without both.
 * @param {StatementRate[]} statements
 */
function batchCost(statements) {
  const single = statements.filter((s) => s.clients === 1 && (s.batch > 1 || s.batchFunction)).sort((a, b) => a.batch - b.batch);
  const one = single[0];
  const most = single.at(-1);
  if (!one || !most || one.batch === most.batch) return null;
  const ms = (/** @type {StatementRate} */ s) => (1000 * s.batch) / s.rate;
  const perItem = (ms(most) - ms(one)) / (most.batch - one.batch);
  return { fixedMs: ms(one) - perItem * one.batch, perItemMs: perItem, from: [one.batch, most.batch] };
}

/**
 * Requests per second of the bare route, `connections` at a time for `seconds` after a second of
 * warm-up, in its own process (started and stopped here).
 * @param {number} connections
 * @param {number} seconds
 */
async function bareRouteRate(connections, seconds) {
  const bare = await startBareFastify();
  try {
    const url = `${bare.url}/bare`;
    await runLoad({ url, connections, duration: 1 });
    const result = await runLoad({ url, connections, duration: seconds });
    bare.assertAlive('the bare route run');
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`the bare route failed ${result.non2xx + result.errors} requests`);
    return result.requests.total / (result.activeMs / 1000);
  } finally {
    await bare.stop();
  }
}

/**
 * Measures the call's statements alone in each grouping of `clients` requests (`rate` sends them
 * through pgbench and answers items per second; `index` tells the grouping apart, so that each can
 * run on a fixture of its own), then the bare route for `seconds`, and answers the ceiling.
 * @param {number} clients
 * @param {number} seconds
 * @param {(how: Grouping, index: number) => number} rate
 * @returns {Promise<Ceiling>}
 */
export async function measureCeiling(clients, seconds, rate) {
  const statements = groupings(clients).map((how, index) => {
    const figure = { ...how, rate: rate(how, index) };
    console.log(`${figure.batch} a statement from ${figure.clients} connection(s)${figure.batchFunction ? ' through the batch function' : ''}, alone (pgbench -f): ${figure.rate.toFixed(0)}/s`);
    return figure;
  });
  const bare = await bareRouteRate(clients, seconds);
  console.log(`bare Fastify route: ${bare.toFixed(0)} req/s`);
  return { statements, bare, ceiling: 1 / (1 / bare + 1 / Math.max(...statements.map((s) => s.rate))), batchCost: batchCost(statements) };
}

/**
 * The report's rows for `ceiling`, each figure also as a ratio to `baseline` (`pgbench -N`).
 * @param {Ceiling} ceiling
 * @param {number} baseline
 * @param {string} unit  what is counted: "withdrawals", "passes"
 * @returns {string[][]}
 */
export function ceilingRows({ statements, bare, ceiling, batchCost: cost }, baseline, unit) {
  return [
    ...statements.map((s) => [
      `${unit} alone, ${s.batch} a statement from ${s.clients} client${s.clients === 1 ? '' : 's'}${s.batchFunction ? ' through the batch function' : ''} (pgbench -f, no HTTP, no Node), /s`,
      `${s.rate.toFixed(0)}: ${times(s.rate / baseline)} of pgbench -N`,
    ]),
    [
      `a statement from one connection: ms whatever it carries + ms each item adds (from ${cost ? cost.from.join(' and ') : '—'} a statement)`,
      cost ? `${cost.fixedMs.toFixed(2)} + ${cost.perItemMs.toFixed(2)} × items` : 'n/a',
    ],
    ['bare Fastify route, req/s', bare.toFixed(0)],
    ['ceiling of any server (bare route + the best statement figure above)', `${ceiling.toFixed(0)}/s: ${times(ceiling / baseline)} of pgbench -N`],
  ];
}
