import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFilePath } from '../src/db/data-dir-lock';
import { pgliteDir } from '../src/db/database';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Every file below `dir` with its size and modification time. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.statSync(full);
        out[path.relative(dir, full)] = `${stat.size}:${stat.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return out;
}

describe('the data directory lock', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-lock-'));
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is exclusive while held and free again once released', () => {
    const dir = path.join(tmp, 'a');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = path.join(tmp, 'b');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(child.stdout);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFilePath(dir), `${deadPid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a second server on the same data with a clear message, touching nothing', () => {
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.cpSync(inject('pgliteTemplate'), pgliteDir(dataDir), { recursive: true });
    // This test process plays the running server.
    const lock = acquireDataDirLock(dataDir);
    try {
      const before = snapshot(dataDir);
      const second = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')], {
        cwd: serverDir,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Another Grab server (pid ${process.pid}) is using ${dataDir}`);
      expect(snapshot(dataDir)).toEqual(before);
    } finally {
      lock.release();
    }
  });

  it('stops at start-up on a wrong configuration value, with the variable named', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { ...process.env, PORT: 'eighty', DATA_DIR: path.join(tmp, 'never') },
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Invalid configuration');
    expect(bad.stderr).toContain('PORT');
    expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
  });
});
