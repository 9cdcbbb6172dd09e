// The most any server could serve of a write on this machine, measured in the run that measures
// the server. A call costs at least what the cheapest HTTP route costs (the server's own Fastify
// with one route and nothing else, bench/bare-fastify.mjs) plus what PostgreSQL alone spends on
// the call's statements (sent by pgbench, no HTTP and no Node). Both share the same cores, so the
// two costs add: the ceiling is 1 / (1/bare + 1/statement), the reasoning issue 15 gives for the
// one-row reads. A figure above the ceiling would mean the measurement is wrong.
import { startBareFastify } from './grab-server.mjs';
import { load as runLoad } from './load.mjs';

/**
 * Requests per second of the bare route, `connections` at a time for `seconds` after a second of
 * warm-up, in its own process (started and stopped here).
 * @param {number} connections
 * @param {number} seconds
 */
export async function bareRouteRate(connections, seconds) {
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
 * The ceiling of a call whose cheapest HTTP route serves `bare` per second and whose statements
 * PostgreSQL alone runs `statement` times a second.
 * @param {number} bare
 * @param {number} statement
 */
export const ceilingOf = (bare, statement) => 1 / (1 / bare + 1 / statement);
