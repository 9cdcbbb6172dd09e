import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MEMORY_ENV } from '../../tools/server-memory.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Peak resident memory of a process so far, from the kernel's own high-water mark. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

// The embedded server as `npm start` runs it (its own process, PGlite inside), so what is measured
// is that process alone and not a test runner holding other databases.
describe.runIf(process.platform === 'linux')('the embedded server under a burst of huge pictures', () => {
  let server: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-burst-'));
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays under 500 MB through eight parallel pictures of 20 MP, then eight of 40 MP', { timeout: 180_000 }, async () => {
    server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
      // With glibc's malloc as `npm start` sets it (tools/server-memory.mjs says why).
      env: { ...process.env, ...SERVER_MEMORY_ENV, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'warn', UPLOADS_PER_HOUR: '100' },
    });
    let output = '';
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
      server?.stdout?.on('data', (chunk) => {
        output += chunk;
        const found = /Grab: (http:\/\/\S+)/.exec(output);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      server?.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      server?.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
    });
    const login = await fetch(`${origin}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ country: 'IN', phone: '9876543210', password: 'grab-demo-2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Flat PNGs: a few kilobytes on the wire each. 20 MP pictures decode two at a time (the decoder's
    // budget is one picture of the largest size), then 40 MP ones (158 MB as RGBA) one at a time.
    for (const [width, height] of [
      [5600, 3570],
      [7900, 5000],
    ] as const) {
      const bomb = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const before = peakRssMb(server.pid!);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${origin}/app/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: bomb }),
        ),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      const peak = peakRssMb(server.pid!);
      console.log(`embedded server RSS, ${width}×${height}: ${Math.round(before)} MB at its peak before the burst, ${Math.round(peak)} MB at its peak after`);
      expect(peak).toBeLessThan(500);
    }
  });

  // glibc ignores a tunable it does not know, without a word: a misspelt name would leave the
  // server on the defaults and only the memory figures would show it. The dynamic loader lists
  // the values it took from the environment (glibc 2.33 and later; elsewhere there is nothing to set).
  const loader = ['/lib64/ld-linux-x86-64.so.2', '/lib/ld-linux-aarch64.so.1'].find((file) => fs.existsSync(file));
  const listing = loader ? spawnSync(loader, ['--list-tunables'], { env: { ...SERVER_MEMORY_ENV }, encoding: 'utf8' }) : null;
  const listed = listing?.status === 0 ? listing.stdout : '';
  it.runIf(listed.includes('glibc.malloc.'))('gives glibc every malloc setting npm start means to set', () => {
    const value = (name: string) => Number(new RegExp(`^${name.replaceAll('.', '\\.')}: (0x[0-9a-f]+)`, 'm').exec(listed)?.[1]);
    expect(value('glibc.malloc.arena_max')).toBe(2);
    expect(value('glibc.malloc.trim_threshold')).toBe(256 * 1024);
    expect(value('glibc.malloc.mmap_threshold')).toBe(256 * 1024);
  });
});
