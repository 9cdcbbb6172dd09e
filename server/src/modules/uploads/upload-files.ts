import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UploadId } from '@grab/shared/contracts';

/** 128 random bits: an id can be neither guessed nor enumerated. */
export function newUploadId(): string {
  return randomBytes(16).toString('hex');
}

/** Only well-formed ids reach the file system, so no request can name a path of its own. */
export function uploadPath(dir: string, id: string): string {
  if (!UploadId.safeParse(id).success) throw new Error(`Not an upload id: ${id}`);
  return path.join(dir, id);
}

const TEMP_PREFIX = '.tmp-';

/**
 * Removes temp files a crash left behind (a write takes milliseconds, so anything older than
 * `olderThanMs` belongs to no upload in progress, in this process or another one sharing the folder).
 * Returns how many were removed.
 */
export async function sweepStaleTemps(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > olderThanMs) {
      await removeQuietly(file);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Writes beside the final name and renames into place: a crash mid-write leaves a temp file,
 * never a half picture under a real id. Returns the temp path; `publish` renames it.
 *
 * Written in one call on the server's thread, not through the thread pool: a stored picture is
 * tens of kilobytes into the page cache (no flush), a fraction of a millisecond, while each pooled
 * step (make the folder, open, write, close, then `publish`'s rename) waits its turn behind every
 * ready socket once the server is busy. Those five waits made the upload the slowest call under
 * load by far (bench/README.md, 2026-12-07).
 */
export function writeTemp(dir: string, bytes: Buffer): string {
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    fs.writeFileSync(temp, bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Made on first use, not at start: a server that never receives a picture leaves no folder behind.
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(temp, bytes, { flag: 'wx' });
  }
  return temp;
}

export function publish(temp: string, dir: string, id: string): void {
  fs.renameSync(temp, uploadPath(dir, id));
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/** The stored bytes, or null when the file is gone (an operator's clean-up, a lost disk). */
export async function readUpload(dir: string, id: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(uploadPath(dir, id));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
