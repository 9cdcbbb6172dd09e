// The e2e server: the same built server `npm start` runs, on a data directory wiped first, so every
// run starts from the demo seed. DATABASE_URL is dropped on purpose: the browser suite exercises the
// embedded default that a new user gets.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_MEMORY_ENV } from '../tools/server-memory.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(here, process.env.E2E_DATA_DIR ?? '.data/pglite');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(dataDir), { recursive: true });

// NODE_ENV 'test' is the one difference from `npm start`: it lets GRAB_TEST_HOOKS give each earner
// their own clock, so a task's reset or end can be reached without waiting a day.
// Every test earner signs up from 127.0.0.1: the per-address limit has its own API test.
const env = { ...SERVER_MEMORY_ENV, ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', GRAB_TEST_HOOKS: '1', LOG_LEVEL: 'warn', SIGNUPS_PER_IP_PER_DAY: '1000000', SIGNUPS_PER_DEVICE_PER_DAY: '1000000',
  // Tests that need a visitor on another network send X-Forwarded-For as if through a local proxy.
  TRUST_PROXY: '127.0.0.1',
  // A payout takes the simulator ten seconds, not the default three: an order a test has just made
  // is still in progress when a busy machine has drawn the orders page; tests that see it paid wait.
  PAYOUT_SIMULATOR_DELAY_MS: '10000',
};
delete env.DATABASE_URL;
const child = spawn(process.execPath, [path.resolve(here, '../server/dist/main.js')], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
