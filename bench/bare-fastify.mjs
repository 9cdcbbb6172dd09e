// The baseline server of the API and start benchmarks: the server's own Fastify, no plugins, no
// database, logger off, one route answering a small JSON envelope. Started as a separate process so
// that it and the Grab server are measured under the same conditions.
//
//   PORT=18080 node bench/bare-fastify.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR } from './lib/report.mjs';

const serverPackage = path.join(BENCH_DIR, '..', 'server', 'package.json');
const fastifyEntry = createRequire(serverPackage).resolve('fastify');
const { default: Fastify } = await import(pathToFileURL(fastifyEntry).href);

const app = Fastify({ logger: false });
const payload = { code: 200, data: { ok: true }, msg: 'ok' };
app.get('/bare', async () => payload);
app.get('/health', async () => ({ status: 'ok' }));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);

await app.listen({ port: Number(process.env.PORT ?? 18080), host: '127.0.0.1' });
