// Where the server's CPU goes under the two hot reads: starts Grab with `node --cpu-prof`, puts
// `POST /app/user/info` and `GET /app/task/list` under load (autocannon, 10 connections), stops it
// and prints the functions with the most self time, as shares of all samples. On PGlite, and on a
// throw-away PostgreSQL database when DATABASE_URL is set (`--backend pg`).
//
//   node bench/profile.mjs [--backend pglite|pg] [--duration 8] [--top 25]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loginDemo } from './lib/grab-api.mjs';
import { startGrab, tempDir } from './lib/grab-server.mjs';
import { load as runLoad } from './lib/load.mjs';
import { createDatabase, DB_PREFIX, dropDatabase } from './lib/postgres.mjs';
import { isMain, printTable, runAsScript } from './lib/report.mjs';

/**
 * Self time per function (name, file, line) of a `.cpuprofile`, largest first.
 * @param {string} file
 */
export function topFrames(file) {
  /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }} */
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  /** @type {Map<number, string>} */
  const nameOf = new Map();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').split('/node_modules/').at(-1)?.split('/').slice(-3).join('/')}:${lineNumber + 1}` : '';
    nameOf.set(n.id, `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`);
  }
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of profile.samples) {
    const name = nameOf.get(id) ?? '?';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, share: n / total }));
}

/**
 * @param {{ backend?: string, duration?: number, top?: number }} [options]
 */
export async function run({ backend = 'pglite', duration = 8, top = 25 } = {}) {
  const profileDir = tempDir('cpu-prof');
  const adminUrl = process.env.DATABASE_URL;
  if (backend === 'pg' && !adminUrl) throw new Error('--backend pg needs DATABASE_URL');
  const dbName = backend === 'pg' ? `${DB_PREFIX}profile_${process.pid}_${Date.now()}` : null;
  const databaseUrl = dbName && adminUrl ? createDatabase(adminUrl, dbName) : undefined;
  try {
    const server = await startGrab({ label: 'profile', databaseUrl, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
    try {
      const { token } = await loginDemo(server.url);
      const auth = { authorization: `Bearer ${token}` };
      for (const request of [
        { url: `${server.url}/app/user/info`, method: /** @type {const} */ ('POST'), body: '{}', headers: { ...auth, 'content-type': 'application/json' } },
        { url: `${server.url}/app/task/list`, headers: auth },
      ]) {
        const r = await runLoad({ ...request, connections: 10, duration });
        console.log(`${request.url.split('/app/')[1]}: ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}`);
      }
    } finally {
      await server.stop();
    }
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    const frames = topFrames(path.join(profileDir, file)).slice(0, top);
    printTable(`CPU profile of the server (${backend}), self time, top ${top}`, ['share', 'function'], frames.map((f) => [`${(f.share * 100).toFixed(1)} %`, f.name]));
    return frames;
  } finally {
    fs.rmSync(profileDir, { recursive: true, force: true });
    if (dbName && adminUrl) dropDatabase(adminUrl, dbName);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { backend: { type: 'string', default: 'pglite' }, duration: { type: 'string', default: '8' }, top: { type: 'string', default: '25' } } });
  runAsScript(() => run({ backend: values.backend, duration: Number(values.duration), top: Number(values.top) }));
}
