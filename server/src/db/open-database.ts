import fs from 'node:fs';
import path from 'node:path';
import { type Config, REPO_ROOT } from '../config';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { type Database, migrateDatabase, openPglite, openPostgres, pgliteDir } from './database';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * A clean, migrated PGlite directory made at build time (`build.mjs`). Copying it on a first start
 * skips initdb, which costs seconds and most of a gigabyte of memory.
 */
export const TEMPLATE_DIR = path.join(REPO_ROOT, 'server', 'dist', 'pglite-template');

export async function prepareTemplate(dir: string, config: Config): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openPglite(dir);
  await migrateDatabase(database, config.migrationsDir);
  await database.close();
}

/** The configured database: PostgreSQL, or the embedded one under its exclusive lock. */
export async function openDatabase(config: Config): Promise<{ database: Database; lock: DataDirLock | null }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl, config.pgPoolMax), lock: null };
  // Throws DataDirLockedError while another process holds the embedded database: PGlite takes no
  // lock itself, and two processes on one directory silently corrupt it.
  const lock: DataDirLock = acquireDataDirLock(config.dataDir);
  try {
    const dir = pgliteDir(config.dataDir);
    if (!fs.existsSync(dir) && fs.existsSync(path.join(TEMPLATE_DIR, 'PG_VERSION'))) {
      fs.cpSync(TEMPLATE_DIR, dir, { recursive: true });
    }
    return { database: await openPglite(dir), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

