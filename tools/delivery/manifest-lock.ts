/**
 * One writer at a time for a remotes manifest and its history: `<manifest>.lock`, created with
 * O_EXCL (`wx`), so of two deploys or rollbacks started together exactly one gets it and the other
 * waits. The file names its holder (process, machine, time). A lock whose process is gone, or one
 * older than any switch could take, is stale: it is removed with a message and taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LockOptions {
  /** How long to wait for another deploy before giving up. */
  waitMs?: number;
  /** A lock older than this is left over from a crash even if its process id was reused. */
  staleMs?: number;
  /** Told when a stale lock is taken over. */
  warn?: (message: string) => void;
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export class ManifestLockedError extends Error {
  override name = 'ManifestLockedError';
}

export function lockFileOf(manifestFile: string): string {
  return `${manifestFile}.lock`;
}

function readHolder(lockFile: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.since === 'string' ? (holder as Holder) : null;
  } catch {
    // Gone meanwhile, or caught between its creation and its first write.
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why the lock is stale (and which file it was, by inode), or null while its holder may still be working. */
function staleness(lockFile: string, staleMs: number): { reason: string; ino: number } | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(lockFile);
  } catch {
    return null;
  }
  const age = Date.now() - stat.mtimeMs;
  const holder = readHolder(lockFile);
  const stale = (reason: string) => ({ reason, ino: stat.ino });
  if (age > staleMs) return stale(`it is ${Math.round(age / 1000)} s old`);
  // A holder on another machine (a shared folder) cannot be asked; only its age tells.
  if (holder && holder.host === os.hostname() && !processAlive(holder.pid)) return stale(`its process ${holder.pid} is gone`);
  // An unreadable lock a moment old is being written; an old unreadable one was cut short.
  if (!holder && age > 5_000) return stale('it names no holder');
  return null;
}

/**
 * Removes the stale lock `ino`. It is renamed away first and checked, so a waiter that saw it
 * stale a moment after another waiter replaced it with a live lock puts that one back untouched.
 */
function removeStale(lockFile: string, ino: number): boolean {
  const moved = `${lockFile}.${process.pid}.stale`;
  try {
    fs.renameSync(lockFile, moved);
  } catch {
    return false;
  }
  if (fs.statSync(moved).ino !== ino) {
    try {
      fs.linkSync(moved, lockFile);
    } catch {
      // A third lock appeared meanwhile; the one moved away ends by removing a file already gone.
    }
    fs.rmSync(moved, { force: true });
    return false;
  }
  fs.rmSync(moved, { force: true });
  return true;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleep(ms: number) {
  Atomics.wait(sleeper, 0, 0, ms);
}

function tryCreate(lockFile: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() } satisfies Holder));
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** Runs `work` holding the manifest's lock; waits for another holder up to `waitMs`. */
export function withManifestLock<T>(manifestFile: string, work: () => T, options: LockOptions = {}): T {
  const { waitMs = 60_000, staleMs = 10 * 60_000, warn = (message: string) => console.warn(message) } = options;
  const lockFile = lockFileOf(manifestFile);
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const deadline = Date.now() + waitMs;
  let pause = 20;
  while (!tryCreate(lockFile)) {
    const stale = staleness(lockFile, staleMs);
    if (stale) {
      if (removeStale(lockFile, stale.ino)) warn(`Removed ${lockFile}: ${stale.reason}; a deploy or rollback that held it did not finish.`);
      continue;
    }
    if (Date.now() >= deadline) {
      const holder = readHolder(lockFile);
      const who = holder ? `process ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process';
      throw new ManifestLockedError(
        `${manifestFile} is being switched by ${who}; nothing was changed. Try again when it has finished; if no deploy or rollback is running, remove ${lockFile}.`,
      );
    }
    sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
  try {
    return work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
