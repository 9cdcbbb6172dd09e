import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite takes no lock of its own, and two processes on one data directory silently lose rows and
 * corrupt indexes. This lock is taken before PGlite opens the directory: a file created with `wx`
 * (fails if it exists) holding the owner's pid. A lock whose pid is gone is stale and is replaced.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(`Another Grab server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`);
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the data.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process stays in the table as a zombie until it is reaped; it holds nothing.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function lockFilePath(dataDir: string): string {
  // Beside the database folder, not inside it, so PGlite never sees a foreign file in its tree.
  return path.join(dataDir, 'grab.lock');
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      // Vanished between our attempt and this read: try again.
      continue;
    }
    if (owner === process.pid || processAlive(owner)) throw new DataDirLockedError(owner, dataDir);
    // Stale: its owner died without releasing it. Remove and retry; `wx` settles any race.
    try {
      fs.unlinkSync(file);
    } catch {
      // Another starter removed it first.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
