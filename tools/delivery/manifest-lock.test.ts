import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockFileOf, ManifestLockedError, withManifestLock } from './manifest-lock';
import { readManifest } from './manifest-store';

const run = promisify(execFile);
const dirs: string[] = [];
function manifestFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-lock-'));
  dirs.push(dir);
  return path.join(dir, 'remotes.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const worker = path.join(import.meta.dirname, 'switch-worker.fixture.ts');
const tsx = path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
async function inProcess(...args: string[]): Promise<number> {
  const { stdout } = await run(tsx, [worker, ...args]);
  return Number(stdout.trim());
}

/** A process id that no process has: one that has just exited. */
async function deadPid(): Promise<number> {
  const child = await new Promise<number>((resolve) => {
    const c = spawn(process.execPath, ['-e', '']);
    c.once('exit', () => resolve(c.pid as number));
  });
  return child;
}

describe('the manifest lock', () => {
  it('loses no history entry when deploys and a rollback of one remote run at the same time', async () => {
    const file = manifestFile();
    const [a, b, c, rolledBack] = await Promise.all([
      inProcess(file, 'deploy', 'remote_tasks', 'a', '15'),
      inProcess(file, 'deploy', 'remote_tasks', 'b', '15'),
      inProcess(file, 'deploy', 'remote_wallet', 'c', '15'),
      inProcess(file, 'rollback', 'remote_tasks', '-', '10'),
    ]);
    expect([a, b, c]).toEqual([15, 15, 15]);
    const history = JSON.parse(fs.readFileSync(file.replace(/\.json$/, '.history.json'), 'utf8')) as Record<string, string[]>;
    // Every switch pushed the entry it replaced; every rollback that took effect popped one.
    expect(history.remote_tasks).toHaveLength(30 - rolledBack);
    expect(history.remote_wallet).toHaveLength(15);
    expect(new Set(history.remote_wallet).size).toBe(15);
    // The manifest is whole and lists every remote once.
    const manifest = readManifest(file);
    expect(manifest.remotes.map((r) => r.name).sort()).toEqual(['remote_draw', 'remote_tasks', 'remote_team', 'remote_wallet']);
    expect(manifest.remotes.find((r) => r.name === 'remote_wallet')?.entry).toBe('/remotes/x/c-14/remoteEntry.js');
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp') || f.includes('.lock'))).toEqual([]);
  }, 120_000);

  it('waits for a holder that is working, then gives up with a message naming the lock and what to do', () => {
    const file = manifestFile();
    fs.writeFileSync(lockFileOf(file), JSON.stringify({ pid: process.pid, host: os.hostname(), since: '2026-11-25T10:00:00.000Z' }));
    const work = vi.fn();
    expect(() => withManifestLock(file, work, { waitMs: 200 })).toThrow(ManifestLockedError);
    try {
      withManifestLock(file, work, { waitMs: 50 });
    } catch (error) {
      expect((error as Error).message).toBe(
        `${file} is being switched by process ${process.pid} on ${os.hostname()} since 2026-11-25T10:00:00.000Z; nothing was changed. Try again when it has finished; if no deploy or rollback is running, remove ${lockFileOf(file)}.`,
      );
    }
    expect(work).not.toHaveBeenCalled();
    expect(fs.existsSync(lockFileOf(file))).toBe(true);
  });

  it('takes over a lock whose process is gone, or one too old to be working, and says so', async () => {
    const file = manifestFile();
    const warn = vi.fn();
    fs.writeFileSync(lockFileOf(file), JSON.stringify({ pid: await deadPid(), host: os.hostname(), since: new Date().toISOString() }));
    expect(withManifestLock(file, () => 'ran', { waitMs: 1_000, warn })).toBe('ran');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Removed .*remotes\.json\.lock: its process \d+ is gone;/));
    expect(fs.existsSync(lockFileOf(file))).toBe(false);

    // A live process id (ours) but an hour old: a crash whose id was reused, or another machine's.
    fs.writeFileSync(lockFileOf(file), JSON.stringify({ pid: process.pid, host: 'other-machine', since: new Date().toISOString() }));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFileOf(file), anHourAgo, anHourAgo);
    expect(withManifestLock(file, () => 'ran again', { waitMs: 1_000, warn })).toBe('ran again');
    expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/: it is \d+ s old;/));
  });

  it('releases the lock when the work throws', () => {
    const file = manifestFile();
    expect(() =>
      withManifestLock(file, () => {
        throw new Error('bad manifest');
      }),
    ).toThrow('bad manifest');
    expect(fs.existsSync(lockFileOf(file))).toBe(false);
  });
});
