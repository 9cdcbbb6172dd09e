// First, before any module that needs a newer Node is evaluated.
import './node-version';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDatabase } from './db/database';
import { fail, openDatabase, prepareTemplate, TEMPLATE_DIR } from './db/open-database';
import { isFirstWorker, isWorker, superviseWorkers } from './processes';
import { seed } from './seed/seed';

const startedAt = performance.now();
/** The longest a logged line waits in the buffer. */
const LOG_FLUSH_MS = 250;


async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.processes > 1 && !isWorker()) {
    superviseWorkers(config.processes);
    return;
  }
  const templateArg = process.argv.indexOf('--prepare-template');
  if (templateArg !== -1) {
    await prepareTemplate(path.resolve(process.argv[templateArg + 1] ?? TEMPLATE_DIR), config);
    return;
  }

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  const { database, lock } = opened;
  // Buffered: a write per request line was a visible share of a read's cost (bench/README.md,
  // "Capacity of the reads"). Lines go out in writes of about 4 KB, and at the latest
  // LOG_FLUSH_MS after they were logged when the server is quiet. Flushed before every exit
  // below, so no line is lost on a stop.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS });
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
    // Processes started together migrate and seed one after the other (one advisory lock).
    const seeded = await prepareDatabase(database, config.migrationsDir, () => seed(database.db, { demo: config.demo, tokenTtlDays: config.tokenTtlDays }));
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
    // No password is ever printed: the demo's are in the README, an operator's are chosen by them.
    if (isFirstWorker())
      process.stdout.write(
      [
        '',
        `  Grab: ${address}`,
        ...(seeded.demo && seeded.reviewer
          ? [
              `  Demo earner: ${seeded.demo.e164} (country ${seeded.demo.country}); demo reviewer: ${seeded.reviewer.e164}; passwords in the README`,
            ]
          : ['  Operators: npm run grab -- create-operator --country IN --phone <number> --role admin|reviewer|payout']),
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
