import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@grab/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { openPostgres, type Database } from '../src/db/database';
import { LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { reconcile } from '../src/modules/wallet/reconcile';
import { BOOKS_HOLD } from './books';
import { PASSWORD, uniquePhone } from './helper';

// Two real server processes over one PostgreSQL (docs/architecture.md, "More than one process"):
// what one process learns, the other must honour, within the windows the docs give. PGlite lives
// inside one process and is refused with more (server/src/config.test.ts).
const adminUrl = process.env.DATABASE_URL;
/** Short windows, so the test waits for them rather than for the 5 s and 10 s defaults. */
const SESSION_CACHE_MS = 1_000;
const CATALOGUE_CACHE_MS = 1_000;
/** Starting from source on a busy machine takes a while; a user waits for the page the same way. */
const START_MS = 180_000;

interface Server {
  child: ChildProcess;
  url: string;
  log: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-processes-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      STATIC_HOST_DIR: path.join(empty, 'host'),
      STATIC_REMOTES_DIR: empty,
      UPLOADS_DIR: path.join(empty, 'uploads'),
      SIGNUPS_PER_IP_PER_DAY: '1000000',
      SIGNUPS_PER_DEVICE_PER_DAY: '1000000',
      SESSION_CACHE_MS: String(SESSION_CACHE_MS),
      CATALOGUE_CACHE_MS: String(CATALOGUE_CACHE_MS),
      COOLING_OFF_HOURS: '0',
      PAYOUT_SIMULATOR_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer within ${START_MS} ms:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, log: () => output };
}

async function stopServer(server: Server | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}

interface Envelope<T = unknown> {
  code: number;
  data: T | null;
  msg: string;
}

async function api<T = unknown>(server: Server, method: string, url: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

const sleepUntil = async (at: number) => {
  const wait = at - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

describe.runIf(adminUrl)('two API processes over one PostgreSQL', () => {
  const name = `grab_processes_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() : '';
  let a: Server | undefined;
  let b: Server | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    const admin = await openPostgres(adminUrl as string, 1);
    await admin.jobs.executeSql(`create database ${name}`);
    await admin.close();
    // Started together on an empty database: both migrate and seed, one after the other.
    [a, b] = await Promise.all([startServer(url), startServer(url)]);
    database = await openPostgres(url, 2);
  }, 2 * START_MS);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.close();
    const admin = await openPostgres(adminUrl as string, 1, () => undefined);
    await admin.jobs.executeSql(`drop database if exists ${name} with (force)`);
    await admin.close();
  }, 60_000);

  const A = () => a as Server;
  const B = () => b as Server;
  const sql = async <T>(text: string, values?: unknown[]) => ((await (database as Database).jobs.executeSql(text, values)).rows as T[]);

  async function register(server: Server): Promise<{ token: string; userId: number; phone: string }> {
    const phone = uniquePhone();
    const root = (await sql<{ code: string }>('select code from root_invite_codes limit 1'))[0]?.code;
    const body = await api<{ token: string; userInfo: { id: number } }>(server, 'POST', '/public/user/register', {
      body: { country: 'IN', phone, password: PASSWORD, rePassword: PASSWORD, inviteCode: root },
    });
    if (body.code !== 200 || !body.data) throw new Error(`register: ${JSON.stringify(body)}`);
    return { token: body.data.token, userId: body.data.userInfo.id, phone };
  }

  it('migrated and seeded once although both started together', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'server', 'drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await sql<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]?.n).toBe(journal.entries.length);
    expect((await sql<{ n: number }>('select count(*)::int as n from root_invite_codes'))[0]?.n).toBe(1);
  });

  it('holds a login throttle reached through A in B', async () => {
    const earner = await register(A());
    const wrong = { country: 'IN', phone: earner.phone, password: 'not-the-password' };
    // Five wrong passwords from one address through A: the pair's hard stop (LOGIN_POLICY.perPair).
    for (let i = 0; i < 5; i++) expect((await api(A(), 'POST', '/login', { body: wrong })).code).toBe(ErrorCode.badCredentials);
    expect((await api(B(), 'POST', '/login', { body: wrong })).code).toBe(ErrorCode.tooManyRequests);
    // Even the right password waits, on either process.
    expect((await api(B(), 'POST', '/login', { body: { ...wrong, password: PASSWORD } })).code).toBe(ErrorCode.tooManyRequests);
  });

  it('refuses in B a token logged out through A, within the session cache window', async () => {
    const earner = await register(A());
    // B has read the session and keeps it for up to SESSION_CACHE_MS.
    expect((await api(B(), 'POST', '/app/user/info', { token: earner.token })).code).toBe(200);
    expect((await api(A(), 'POST', '/app/user/logout', { token: earner.token })).code).toBe(200);
    const revokedAt = Date.now();
    expect((await api(A(), 'POST', '/app/user/info', { token: earner.token })).code).toBe(ErrorCode.unauthorized);
    await sleepUntil(revokedAt + SESSION_CACHE_MS);
    expect((await api(B(), 'POST', '/app/user/info', { token: earner.token })).code).toBe(ErrorCode.unauthorized);
  });

  it('refuses in B the old sessions after a password change through A, within the window', async () => {
    const earner = await register(A());
    const other = (await api<{ token: string }>(B(), 'POST', '/login', { body: { country: 'IN', phone: earner.phone, password: PASSWORD } })).data?.token as string;
    expect((await api(B(), 'POST', '/app/user/info', { token: other })).code).toBe(200);
    const changed = await api(A(), 'POST', '/app/user/password', { token: earner.token, body: { oldPassword: PASSWORD, password: 'another-horse-2', rePassword: 'another-horse-2' } });
    expect(changed.code).toBe(200);
    const changedAt = Date.now();
    await sleepUntil(changedAt + SESSION_CACHE_MS);
    expect((await api(B(), 'POST', '/app/user/info', { token: other })).code).toBe(ErrorCode.unauthorized);
    expect((await api(B(), 'POST', '/login', { body: { country: 'IN', phone: earner.phone, password: 'another-horse-2' } })).code).toBe(200);
  });

  it('shows in B, within its cache bound, a daily place taken through A', async () => {
    const [task] = await sql<{ id: number; step: number }>(
      `select t.id, (select s.id from task_steps s where s.task_id = t.id order by s.position limit 1) as step
         from tasks t where t.daily_cap is not null and t.min_level <= 1 order by t.id limit 1`,
    );
    if (!task) throw new Error('the seed has no capped task');
    await sql('update tasks set daily_cap = 1 where id = $1', [task.id]);
    const taker = await register(A());
    const watcher = await register(B());
    // Both processes read the catalogue again after its bound: the cap is now 1.
    await sleepUntil(Date.now() + CATALOGUE_CACHE_MS);
    const listed = async () => (await api<{ id: number; closedReason: string | null }[]>(B(), 'GET', '/app/task/list', { token: watcher.token })).data?.find((t) => t.id === task.id);
    expect((await listed())?.closedReason).toBeNull();
    expect((await api(A(), 'POST', '/app/task/leading-task', { token: taker.token, body: { taskId: task.id, stepId: task.step } })).code).toBe(200);
    const takenAt = Date.now();
    await sleepUntil(takenAt + CATALOGUE_CACHE_MS);
    expect((await listed())?.closedReason).toBe('dailyCap');
  });

  it('shows in B, within its read cache bound, a balance and a task run changed elsewhere', async () => {
    const earner = await register(A());
    const [task] = await sql<{ id: number; step: number }>(
      `select t.id, (select s.id from task_steps s where s.task_id = t.id order by s.position limit 1) as step
         from tasks t where t.min_level <= 1 and t.daily_cap is null and t.kind = 'joinGroup' order by t.id limit 1`,
    );
    if (!task) throw new Error('the seed has no join-group task');
    const balance = async (server: Server) => (await api<{ balance: number }>(server, 'GET', '/app/user/assetInfo', { token: earner.token })).data?.balance;
    const status = async (server: Server) =>
      (await api<{ id: number; status: string }[]>(server, 'GET', '/app/task/list', { token: earner.token })).data?.find((t) => t.id === task.id)?.status;
    // Both processes now keep this earner's Home reads.
    const before = (await balance(B())) as number;
    expect(await balance(A())).toBe(before);
    expect(await status(B())).toBe('notStarted');
    // A credit written by neither process, and a run started through A.
    await postAlone((database as Database).db, { userId: earner.userId, amount: 1_00, reason: LedgerReason.taskReward, idempotencyKey: `processes-cache:${earner.userId}` });
    expect((await api(A(), 'POST', '/app/task/leading-task', { token: earner.token, body: { taskId: task.id, stepId: task.step } })).code).toBe(200);
    const changedAt = Date.now();
    // A wrote, so its own reads are fresh at once.
    expect(await balance(A())).toBe(before + 1_00);
    expect(await status(A())).toBe('inProgress');
    await sleepUntil(changedAt + SESSION_CACHE_MS);
    expect(await balance(B())).toBe(before + 1_00);
    expect(await status(B())).toBe('inProgress');
  });

  it('runs each payout job once although both processes work the queue', async () => {
    const count = 6;
    const orders: { id: number; token: string; server: Server }[] = [];
    for (let i = 0; i < count; i++) {
      const server = i % 2 === 0 ? A() : B();
      const earner = await register(server);
      await postAlone((database as Database).db, { userId: earner.userId, amount: 2_000_00, reason: LedgerReason.taskReward, idempotencyKey: `processes-test:${earner.userId}` });
      const institutions = await api<{ id: number }[]>(server, 'GET', '/app/pay/institutionList?method=upi', { token: earner.token });
      const recipient = await api<{ id: number }>(server, 'POST', '/app/pay/userRecipientSave', {
        token: earner.token,
        body: { method: 'upi', institutionId: institutions.data?.[0]?.id, name: 'Asha K', account: `asha${i}@okbank` },
      });
      const order = await api<{ id: number }>(server, 'POST', '/app/pay/pay-withdraw', {
        token: earner.token,
        body: { amount: 100_00, recipientId: recipient.data?.id, idempotencyKey: randomBytes(12).toString('hex') },
      });
      expect(order.code).toBe(200);
      orders.push({ id: order.data?.id as number, token: earner.token, server });
    }
    // The earner's orders page is the signal a user waits on.
    const deadline = Date.now() + 60_000;
    for (const order of orders) {
      for (;;) {
        const log = await api<{ items: { id: number; status: string }[] }>(order.server, 'POST', '/app/pay/withdraw-log', { token: order.token, body: {} });
        if (log.data?.items.find((o) => o.id === order.id)?.status === 'success') break;
        if (Date.now() > deadline) throw new Error(`order ${order.id} was not paid`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // Submitted to the provider once each: a job run twice would submit twice.
    const submissions = await sql<{ submissions: number }>('select submissions from simulator_payouts');
    expect(submissions).toHaveLength(count);
    expect(submissions.every((row) => row.submissions === 1)).toBe(true);
    expect(await reconcile((database as Database).db)).toMatchObject(BOOKS_HOLD);
  }, 120_000);

  it('runs N processes on one port with GRAB_PROCESSES and stops them all on SIGTERM', async () => {
    const cluster = await startServer(url, { GRAB_PROCESSES: '2' });
    try {
      const listening = () => new Set([...cluster.log().matchAll(/"pid":(\d+)[^\n]*Grab is listening/g)].map((m) => m[1]));
      const deadline = Date.now() + START_MS;
      while (listening().size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(listening().size).toBe(2);
      for (let i = 0; i < 4; i++) expect((await api(cluster, 'GET', '/health')).code).toBe(200);
    } finally {
      expect(await stopServer(cluster)).toBe(0);
    }
  }, 2 * START_MS);
});
