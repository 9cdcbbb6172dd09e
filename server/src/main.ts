import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, REPO_ROOT, type Config } from './config';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { type Database, migrateDatabase, openPglite, openPostgres, pgliteDir } from './db/database';
import { DEMO_REVIEWER, seed } from './seed/seed';

const startedAt = performance.now();

/**
 * A clean, migrated PGlite directory made at build time (`build.mjs`). Copying it on a first start
 * skips initdb, which costs seconds and most of a gigabyte of memory.
 */
const TEMPLATE_DIR = path.join(REPO_ROOT, 'server', 'dist', 'pglite-template');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function prepareTemplate(dir: string, config: Config): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await openPglite(dir);
  await migrateDatabase(database, config.migrationsDir);
  await database.close();
}

async function openDatabase(config: Config): Promise<{ database: Database; lock: DataDirLock | null }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl, config.pgPoolMax), lock: null };
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
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

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const templateArg = process.argv.indexOf('--prepare-template');
  if (templateArg !== -1) {
    await prepareTemplate(path.resolve(process.argv[templateArg + 1] ?? TEMPLATE_DIR), config);
    return;
  }

  const { database, lock } = await openDatabase(config);
  // Buffered: a synchronous write per request line was a visible share of a read's cost
  // (bench/api-throughput.mjs). Flushed before every exit below, so no line is lost on a stop.
  // minLength 0: lines still go out at once when idle; under load, writes queue behind one another.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 0 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'stopping');
    // A stuck close must not keep the lock forever.
    const timer = setTimeout(() => {
      lock?.release();
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app?.close();
      await database.close();
    } finally {
      lock?.release();
      logStream.flushSync();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await migrateDatabase(database, config.migrationsDir);
    const seeded = await seed(database.db, config.tokenTtlDays);
    app = await buildApp({
      database,
      config,
      logger: {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        stream: logStream,
      },
    });
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      {
        engine: database.engine,
        dataDir: database.engine === 'pglite' ? config.dataDir : undefined,
        startMs: Math.round(performance.now() - startedAt),
        rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      },
      `Grab is listening on ${address}`,
    );
    process.stdout.write(
      [
        '',
        `  Grab: ${address}`,
        `  Demo login: ${seeded.demo.e164} (country ${seeded.demo.country}, number ${seeded.demo.phone}), password ${seeded.demo.password}`,
        `  Reviewer login: ${seeded.reviewer.e164} (country ${seeded.reviewer.country}, number ${seeded.reviewer.phone}), password ${seeded.reviewer.password ?? `from ${DEMO_REVIEWER.passwordEnv}`}`,
        `  Root invitation code: ${seeded.rootInviteCode}`,
        '',
      ].join('\n'),
    );
  } catch (error) {
    logStream.flushSync();
    process.stderr.write(`Grab could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    lock?.release();
    process.exit(1);
  }
}

await main();
