import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { OffsetClock, systemClock } from './clock';
import type { Config } from './config';
import { type Database, ping } from './db/database';
import { ReadCache } from './db/read-cache';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, sendFailure } from './http/error-handler';
import { jsonHasNul, nulRefusal, queryHasNul } from './http/nul-guard';
import { createTranslator, type Translator } from './http/i18n';
import { registerSecurity, securityHeaders } from './http/security';
import { shellHandler } from './http/shell';
import { transportOptions } from './http/transport';
import { isSpaRoute, manifestOrigins, registerStatic } from './http/static';
import { installAuth } from './modules/auth/auth.plugin';
import { adminRoutes } from './modules/admin/admin.routes';
import { configAdminRoutes } from './modules/config/config.admin.routes';
import { settingsDefaults } from './modules/config/operator-settings.repository';
import { testRoleRoutes } from './modules/admin/test-role.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SessionCache } from './modules/auth/session-cache';
import { configRoutes } from './modules/config/config.routes';
import { publicConfigOf } from './modules/config/public-config';
import { drawRoutes } from './modules/draw/draw.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { offersAdminRoutes } from './modules/offers/offers.admin.routes';
import { presenceRoutes } from './modules/presence/presence.routes';
import { levelTestHooks } from './modules/levels/levels.test-hooks';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { DailyCountsCache } from './modules/tasks/daily-counts.cache';
import { TaskCatalogue } from './modules/tasks/tasks.catalogue';
import { earnerOfRunsKey } from './modules/tasks/task-board.service';
import { TaskListMemo } from './modules/tasks/task-list.memo';
import { UplinesCache } from './modules/team/uplines.cache';
import type { EarnerRuns } from './modules/tasks/tasks.repository';
import { reviewsAdminRoutes } from './modules/reviews/reviews.admin.routes';
import { fraudAdminRoutes } from './modules/team/fraud.admin.routes';
import { redeemCodesAdminRoutes } from './modules/tasks/redeem-codes.admin.routes';
import { tasksAdminRoutes } from './modules/tasks/tasks.admin.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { testHooksRoutes } from './modules/tasks/test-hooks.routes';
import { teamRoutes } from './modules/team/team.routes';
import { levelsRoutes } from './modules/levels/levels.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { earnersAdminRoutes } from './modules/users/earners.admin.routes';
import { usersRoutes } from './modules/users/users.routes';
import { payoutsAdminRoutes } from './modules/wallet/payouts.admin.routes';
import { walletModule } from './modules/wallet/wallet.plugin';

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Requests are small JSON forms; anything bigger is refused before it is parsed. */
export const BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  translator?: Translator;
}

export async function buildApp({ database, config, logger = false, translator }: BuildAppOptions): Promise<FastifyInstance> {
  const db = database.db;
  const t = translator ?? createTranslator(config.localesDir);
  const headers = securityHeaders(manifestOrigins(config), config.tls);
  // Typed as the HTTP/1.1 server whichever transport runs: the handlers use nothing node:http2's
  // compatibility objects lack (test/https.test.ts serves the app over both).
  const app = Fastify({
    ...(transportOptions(config.https) as object),
    logger,
    bodyLimit: BODY_LIMIT,
    // One id per request in every log line; the client may not choose it.
    requestIdHeader: false,
    return503OnClosing: true,
    // A hop count becomes "trust the n nearest hops", as proxy-addr reads a number.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // One line per request (below) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: clientErrorHandler(t),
    frameworkErrors: frameworkErrorHandler(t, headers),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body means "no fields" (clients POST bare calls such as /app/user/info),
  // so it reaches validation instead of failing as malformed.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    if (typeof body === 'string' && jsonHasNul(body)) return done(nulRefusal(), undefined);
    jsonParser(request, body as string, done);
  });
  // Both hooks run on every call; the callback form spares each a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method !== 'GET' && (request.body === undefined || request.body === null)) request.body = {};
    done(queryHasNul(request.query) ? nulRefusal() : undefined);
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
  installErrorHandling(app, t);
  await registerSecurity(app, headers);
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Dynamic responses: brotli's default level 11 costs far more CPU than it saves bytes.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // An answer up to 64 KB is compressed in one call on the thread that serves it (about 0.06 ms
    // for 9 KB, 0.2 ms for 64 KB). Above the plugin's own limit, 8 KB on two cores, it went through
    // a compression stream on the thread pool: a new compressor each time, and more turns of the
    // event loop, each behind every call queued there. Home's task list passes 8 KB with a few more
    // tasks, and under the mixed load its p95 was 2.2-2.8 times the other reads' that way, 1.1-1.2
    // times this way (bench/README.md, 2026-12-07).
    syncThreshold: 64 * 1024,
  });

  const sessionCache = new SessionCache(config.sessionCacheMs);
  installAuth(app, db, sessionCache);
  const authContext = { db, tokenTtlDays: config.tokenTtlDays, signupLimits: { perIp: config.signupsPerIpPerDay, perDevice: config.signupsPerDevicePerDay } };
  authRoutes(app, authContext, sessionCache);
  usersRoutes(app, db, database.writes, config.sessionCacheMs);
  configRoutes(app, db, config);
  // Test hooks swap in a clock that can be moved per earner; everyone else lives on the system clock.
  const testClock = config.testHooks ? new OffsetClock() : null;
  const clock = testClock ?? systemClock;
  const catalogue = new TaskCatalogue(db, config.catalogueCacheMs, clock);
  const dailyCounts = new DailyCountsCache(db, config.catalogueCacheMs);
  // Earners' own reads are kept as long as sessions are (SESSION_CACHE_MS), and dropped at this process's next write that may change them.
  const earnerRuns = new ReadCache<string, EarnerRuns | null>(database.writes, config.sessionCacheMs, earnerOfRunsKey);
  tasksRoutes(app, { db, clock, catalogue, dailyCounts, earnerRuns, lists: new TaskListMemo(), uplines: new UplinesCache(), reviewDeadlineMinutes: config.reviewDeadlineMinutes }, config);
  if (testClock) {
    testHooksRoutes(app, testClock, db);
    levelTestHooks(app, db);
    testRoleRoutes(app, db);
    app.log.warn('test hooks are on (GRAB_TEST_HOOKS=1): POST /test/clock moves the clock of one earner; never serve earners this way');
  }
  teamRoutes(app, db, config, clock);
  levelsRoutes(app, db);
  drawRoutes(app, { db, clock });
  presenceRoutes(app, { db, clock, catalogue, rules: config.online, flushMs: config.online.flushMs });
  await messagingRoutes(app, db, config, clock);
  offersRoutes(app, db);
  await uploadsRoutes(app, db, config);
  reviewsRoutes(app, db, clock);
  await walletModule(app, database, config, clock);
  // The operator console's calls (admin/): every one guarded by role, every change audit-logged.
  adminRoutes(app, db);
  reviewsAdminRoutes(app, db, clock);
  tasksAdminRoutes(app, db, catalogue);
  redeemCodesAdminRoutes(app, db);
  fraudAdminRoutes(app, db);
  configAdminRoutes(app, db, settingsDefaults(config));
  offersAdminRoutes(app, db);
  earnersAdminRoutes(app, db);
  payoutsAdminRoutes(app, db);

  app.get('/health', async (request, reply) => {
    if (await ping(db)) return { code: 200, data: { status: 'ok', database: database.engine }, msg: 'ok' };
    return sendFailure(request, reply.code(503), t, { status: 503, code: 500, key: 'errors.internal' });
  });

  const { indexHtml } = await registerStatic(app, config);
  const sendShell = shellHandler(config, publicConfigOf(db, config));
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    // Every client-side route gets the shell; the router decides what to show.
    if (indexHtml && isSpaRoute(request.method, request.url)) return sendShell(request, reply);
    return sendFailure(request, reply, t, { status: 404, code: 404, key: 'errors.notFound' });
  };
  app.setNotFoundHandler(notFound);
  // `/` is the static root's folder, which the file server refuses to list.
  app.get('/', notFound);

  return app;
}
