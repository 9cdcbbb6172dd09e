import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import apps from '../../apps.json';

/**
 * Both this file (server/src) and the bundle (server/dist/main.js) sit two folders below the
 * repository root, so the same relative step finds the root from either.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  FB_PIXEL_ID: optionalText.pipe(z.string().regex(/^\d{5,20}$/, 'must be the numeric pixel id').optional()),
  REMOTES_MANIFEST: optionalText,
  REMOTES_DIR: optionalText,
  PUBLIC_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MESSAGING_OFFICIAL_ACCOUNT: z.string().trim().min(1).default('+10000000000'),
  MESSAGING_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
  MESSAGING_DAILY_CAP_POINTS: z.coerce.number().int().min(0).max(10_000_000).default(4_800),
  MESSAGING_ONLINE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(24 * 60),
  MESSAGING_CODES_PER_HOUR_EARNER: z.coerce.number().int().min(1).max(1_000).default(10),
  MESSAGING_CODES_PER_HOUR_NUMBER: z.coerce.number().int().min(1).max(1_000).default(5),
  MESSAGING_ELIGIBILITY: optionalText.pipe(z.string().max(300).optional()),
  MESSAGING_APP_SECRET: optionalText.pipe(z.string().min(16, 'must be the provider app secret (16 characters or more)').optional()),
  MESSAGING_VERIFY_TOKEN: optionalText.pipe(z.string().min(8).optional()),
  STATIC_HOST_DIR: optionalText,
  STATIC_REMOTES_DIR: optionalText,
  STATIC_ADMIN_DIR: optionalText,
  TRUST_PROXY: z.string().trim().default('false').transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  REVIEW_DEADLINE_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(48 * 60),
  UPLOADS_DIR: optionalText,
  SEED_DEMO: z.enum(['', '0', '1']).default(''),
  SIGNUPS_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SIGNUPS_PER_DEVICE_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(3),
  // Start-up holds one connection for the migration lock while the migrations run on another: with
  // one, the server would wait for itself forever and never answer.
  PG_POOL_MAX: z.coerce
    .number()
    .int()
    .min(2, 'at least 2 connections: start-up holds one for the migration lock while the migrations use another')
    .max(200)
    .default(10),
  /** API processes sharing the port (PostgreSQL only); WEB_CONCURRENCY is the name many hosts set. */
  GRAB_PROCESSES: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  WEB_CONCURRENCY: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  COOLING_OFF_HOURS: z.coerce.number().int().min(0).max(24 * 30).default(24),
  /** `simulator` pays locally (demo and tests); a real provider's adapter is named here once written. */
  PAYOUT_PROVIDER: z.enum(['simulator']).default('simulator'),
  PAYOUT_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** The agent report's longest period, in days. */
  REPORT_MAX_DAYS: z.coerce.number().int().min(1).max(366).default(31),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
  GRAB_TEST_HOOKS: z.enum(['1', '0', '']).default(''),
  ONLINE_TARGET_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  ONLINE_DAILY_CAP_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(8 * 60),
  PRESENCE_FLUSH_MS: z.coerce.number().int().min(50).max(1_000).default(1_000),
  /**
   * A certificate and its key (PEM files): the server then speaks HTTPS itself, HTTP/2 to browsers
   * that offer it and HTTP/1.1 to the rest. Unset: plain HTTP, for a TLS proxy in front or a laptop.
   */
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  NODE_ENV: z.string().default('development'),
});

export interface StaticRoots {
  /** The shell: served at `/`, its `index.html` answers every SPA route. */
  host: string;
  /** Each remote's build folder, served at `/remotes/<name>/`. */
  remotes: { name: string; mfName: string; dir: string }[];
  /** The operator console's build folder, served at `/admin/`; never part of the earner's shell. */
  admin: string;
}

export interface Config {
  port: number;
  host: string;
  /** Set: real PostgreSQL through `pg`. Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  tokenTtlDays: number;
  /** How long this process trusts a live session without asking the database (0 = never). */
  sessionCacheMs: number;
  /** How long this process reuses the task catalogue it read (0 = never). */
  catalogueCacheMs: number;
  fbPixelId: string | null;
  /** The manifest file REMOTES_MANIFEST names; unset: `<remotesDir>/remotes.json` if a deploy wrote one. */
  remotesManifest: string | undefined;
  /**
   * Where `deploy` publishes remote versions (`<name>/<version>-<hash>/`), served at
   * `/remotes/<name>/<version>-<hash>/` beside the built-in copy (docs/shipping-a-remote.md).
   */
  remotesDir: string;
  /** The origin earners reach the app at: PUBLIC_ORIGIN, else this server's own listen address. */
  publicOrigin: string;
  /** Served over TLS (the public origin is https): only then is HSTS sent. */
  tls: boolean;
  /** The certificate and key this process serves HTTPS and HTTP/2 with; null: plain HTTP. */
  https: { certFile: string; keyFile: string } | null;
  officialAccount: string;
  /** The messaging-number flow (DESIGN §2.3): codes, the cap, presence and the provider webhook. */
  messaging: MessagingConfig;
  migrationsDir: string;
  localesDir: string;
  staticRoots: StaticRoots;
  /** Behind a load balancer: the proxies (a hop count or addresses) whose X-Forwarded-For is believed. */
  trustProxy: false | number | string[];
  /**
   * Sign-ups one address / one device may make in 24 hours. The address limit is the looser one:
   * many phones share one carrier address; a device id is one browser.
   */
  signupsPerIpPerDay: number;
  signupsPerDevicePerDay: number;
  /** Audit submissions not decided within this many minutes pass automatically. */
  reviewDeadlineMinutes: number;
  /** Connections this process may hold open on PostgreSQL. */
  pgPoolMax: number;
  /**
   * How many API processes serve the one port (docs/architecture.md, "More than one process").
   * Above 1 only with PostgreSQL: the embedded database lives inside a single process.
   */
  processes: number;
  /** Where re-encoded screenshots are written (local disk; object storage in production later). */
  uploadsDir: string;
  /** Screenshots one earner may upload per hour: a full disk must not be one earner away. */
  uploadsPerHour: number;
  /**
   * Demo accounts and the demo catalogue exist only in demo mode: the embedded database by default,
   * or SEED_DEMO=1; a PostgreSQL deployment never gets them unless asked, and SEED_DEMO=0 turns them off.
   */
  demo: boolean;
  /** How long a new or changed recipient waits before it can be paid. */
  coolingOffHours: number;
  /** The agent report's longest period, in days. */
  reportMaxDays: number;
  payout: { provider: 'simulator'; simulatorDelayMs: number };
  /**
   * Online time (/hangTask): minutes for one credit of the online task, minutes that count in a
   * day, and how often heartbeats noted in this process reach the database (a crash loses at most that).
   */
  online: { targetMinutes: number; capMinutes: number; flushMs: number };
  /** Test-only routes (`/test/*`, e.g. a per-earner clock offset). Never in production. */
  testHooks: boolean;
  production: boolean;
}

export interface MessagingConfig {
  codeTtlMinutes: number;
  /** Messaging points one earner may be credited per UTC day, hundredths of a point (SPEC §9). */
  dailyCap: number;
  /** A number that messaged us within this many minutes shows as online. */
  onlineWindowMinutes: number;
  codesPerHourPerEarner: number;
  codesPerHourPerNumber: number;
  /** The operator's eligibility rule shown on the page (SPEC §6); none when unset. */
  eligibility: string | null;
  /** The provider's app secret (webhook signatures) and handshake token; unset: made per database. */
  appSecret: string | undefined;
  verifyToken: string | undefined;
  /** Demo and test servers: the local simulator may deliver signed inbound messages. */
  simulator: boolean;
}

/** The remotes served at `/remotes/<name>/` and listed by the built-in manifest: apps.json, the one list. */
export const REMOTE_APPS: readonly { folder: string; name: string; mfName: string }[] = apps.remotes;

export class ConfigError extends Error {}

/**
 * Which proxies in front of the server may tell the client's address (X-Forwarded-For): none, a
 * number of hops, or their addresses. Trusting every hop would let a client write its own address
 * in the header's leftmost entry and walk past the per-address limits. Returns the problem as text.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 'true would let any client choose its own address: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.1.0/24)';
  if (/^\d+$/.test(value)) return Math.min(Number(value), 10);
  const list = value.split(',').map((v) => v.trim()).filter(Boolean);
  const bad = list.find((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128);
  });
  return bad ? `${bad} is not an address or a CIDR range` : list;
}

/** Where the app can be reached: share links are built on it, never on a request's Host header. */
function listenOrigin(host: string, port: number, https: boolean): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `${https ? 'https' : 'http'}://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Parses the environment once at start-up; a wrong value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.PUBLIC_ORIGIN) {
    // A deployment behind a load balancer has no listen address an earner could open.
    throw new ConfigError('Invalid configuration:\n  PUBLIC_ORIGIN: required in production with DATABASE_URL (the address earners open, e.g. https://grab.example)');
  }
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
    const missing = e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with ${missing === 'TLS_KEY_FILE' ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} (HTTPS needs the certificate and its key)`);
  }
  const processes = e.GRAB_PROCESSES ?? e.WEB_CONCURRENCY ?? 1;
  if (processes > 1 && !e.DATABASE_URL) {
    const name = e.GRAB_PROCESSES ? 'GRAB_PROCESSES' : 'WEB_CONCURRENCY';
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: ${processes} processes need PostgreSQL (DATABASE_URL). The embedded database (PGlite) lives inside one process and cannot be shared: unset ${name}, or set DATABASE_URL.`,
    );
  }
  const resolve = (p: string) => path.resolve(process.cwd(), p);
  const remotesBase = e.STATIC_REMOTES_DIR ? resolve(e.STATIC_REMOTES_DIR) : REPO_ROOT;
  const dataDir = e.DATA_DIR ? resolve(e.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const https = e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: resolve(e.TLS_CERT_FILE), keyFile: resolve(e.TLS_KEY_FILE) } : null;
  const publicOrigin = e.PUBLIC_ORIGIN?.replace(/\/+$/, '') ?? listenOrigin(e.HOST, e.PORT, https !== null);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    logLevel: e.LOG_LEVEL,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    fbPixelId: e.FB_PIXEL_ID ?? null,
    remotesManifest: e.REMOTES_MANIFEST ? resolve(e.REMOTES_MANIFEST) : undefined,
    // The deploy command's default target is the same folder (tools/delivery/workspace.ts).
    remotesDir: e.REMOTES_DIR ? resolve(e.REMOTES_DIR) : path.join(dataDir, 'remotes'),
    publicOrigin,
    tls: publicOrigin.startsWith('https:'),
    https,
    officialAccount: e.MESSAGING_OFFICIAL_ACCOUNT,
    messaging: {
      codeTtlMinutes: e.MESSAGING_CODE_TTL_MINUTES,
      dailyCap: e.MESSAGING_DAILY_CAP_POINTS * 100,
      onlineWindowMinutes: e.MESSAGING_ONLINE_WINDOW_MINUTES,
      codesPerHourPerEarner: e.MESSAGING_CODES_PER_HOUR_EARNER,
      codesPerHourPerNumber: e.MESSAGING_CODES_PER_HOUR_NUMBER,
      eligibility: e.MESSAGING_ELIGIBILITY ?? null,
      appSecret: e.MESSAGING_APP_SECRET,
      verifyToken: e.MESSAGING_VERIFY_TOKEN,
      simulator: e.NODE_ENV !== 'production' && (e.GRAB_TEST_HOOKS === '1' || e.SEED_DEMO === '1' || (e.SEED_DEMO === '' && !e.DATABASE_URL)),
    },
    migrationsDir: path.join(REPO_ROOT, 'server', 'drizzle'),
    localesDir: path.join(REPO_ROOT, 'shared', 'src', 'i18n', 'locales'),
    staticRoots: {
      host: e.STATIC_HOST_DIR ? resolve(e.STATIC_HOST_DIR) : path.join(REPO_ROOT, 'host', 'dist'),
      // STATIC_REMOTES_DIR holds `remote-<name>/dist` folders, like the repository root does.
      remotes: REMOTE_APPS.map((r) => ({ name: r.name, mfName: r.mfName, dir: path.join(remotesBase, r.folder, 'dist') })),
      admin: e.STATIC_ADMIN_DIR ? resolve(e.STATIC_ADMIN_DIR) : path.join(REPO_ROOT, 'admin', 'dist'),
    },
    trustProxy: e.TRUST_PROXY,
    reviewDeadlineMinutes: e.REVIEW_DEADLINE_MINUTES,
    coolingOffHours: e.COOLING_OFF_HOURS,
    reportMaxDays: e.REPORT_MAX_DAYS,
    payout: { provider: e.PAYOUT_PROVIDER, simulatorDelayMs: e.PAYOUT_SIMULATOR_DELAY_MS },
    signupsPerIpPerDay: e.SIGNUPS_PER_IP_PER_DAY,
    signupsPerDevicePerDay: e.SIGNUPS_PER_DEVICE_PER_DAY,
    uploadsDir: e.UPLOADS_DIR ? resolve(e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    pgPoolMax: e.PG_POOL_MAX,
    online: { targetMinutes: e.ONLINE_TARGET_MINUTES, capMinutes: e.ONLINE_DAILY_CAP_MINUTES, flushMs: e.PRESENCE_FLUSH_MS },
    processes,
    testHooks: e.GRAB_TEST_HOOKS === '1' && e.NODE_ENV !== 'production',
    production: e.NODE_ENV === 'production',
    demo: e.SEED_DEMO === '1' || (e.SEED_DEMO === '' && !e.DATABASE_URL),
  };
}
