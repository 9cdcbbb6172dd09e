// PostgreSQL helpers of the benchmarks that compare a write path with pgbench on the same server.
import { spawnSync } from 'node:child_process';

/**
 * @param {string} url
 * @param {string} sql
 */
export function psql(url, sql) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/**
 * @param {string} adminUrl
 * @param {string} name
 */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * @param {string} url
 * @param {number} clients
 * @param {number} seconds
 */
export function pgbench(url, clients, seconds) {
  const result = spawnSync('pgbench', ['-N', '-c', String(clients), '-j', String(Math.min(clients, 4)), '-T', String(seconds), '-n', url], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr.trim()}`);
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
  if (!match) throw new Error(`pgbench printed no tps: ${result.stdout}`);
  return Number(match[1]);
}

/**
 * Makes a fresh pgbench database at `scale` and returns its URL.
 * @param {string} adminUrl
 * @param {string} name
 * @param {number} scale
 */
export function pgbenchDatabase(adminUrl, name, scale) {
  psql(adminUrl, `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const init = spawnSync('pgbench', ['-i', '-q', '-s', String(scale), url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  return url;
}
