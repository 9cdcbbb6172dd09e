import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { Institution, Recipient, WithdrawOrder } from '@grab/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Database, migrateDatabase, openPostgres } from '../src/db/database';
import { simulatorPayouts, withdrawOrders } from '../src/db/schema';
import { LedgerReason, postAlone } from '../src/modules/ledger/ledger.service';
import { JOB_EXPIRE_SECONDS, JOB_SUPERVISE_SECONDS } from '../src/modules/wallet/payout-queue';
import { reconcile } from '../src/modules/wallet/reconcile';
import { seed } from '../src/seed/seed';
import { call, PASSWORD, type Registered, registerEarner, testConfig, uniquePhone, useTestContext } from './helper';

const serverDir = path.resolve(import.meta.dirname, '..');
const key = () => randomBytes(12).toString('hex');
/**
 * How long an earner would wait for a payout that is on its way through a database restart: a job
 * cut mid-run is found once it expires and the next supervision looks, on each of its two hops
 * (dispatch, then the provider's delivery), plus time for a busy machine.
 */
const PAYOUT_WAIT_MS = (2 * (JOB_EXPIRE_SECONDS + JOB_SUPERVISE_SECONDS) + 40) * 1000;

const HOLDS = { unbalancedEarners: 0, sumOfAllAccounts: 0, unbalancedTransfers: 0, negativeBalances: 0, ordersMismatched: 0, inFlightDifference: 0, feesDifference: 0 };

async function upiRecipient(app: Parameters<typeof call>[0], token: string, vpa = 'pay.me@okbank'): Promise<Recipient> {
  const [upi] = (await call<Institution[]>(app, { method: 'GET', url: '/app/pay/institutionList?method=upi', token })).body.data ?? [];
  const body = (await call<Recipient>(app, { method: 'POST', url: '/app/pay/userRecipientSave', token, payload: { method: 'upi', institutionId: upi!.id, name: 'Asha K', account: vpa } })).body;
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = PAYOUT_WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(process.env.DATABASE_URL)('withdrawals under concurrency and faults (PostgreSQL)', () => {
  const ctx = useTestContext('postgres', testConfig({ COOLING_OFF_HOURS: '0', PAYOUT_SIMULATOR_DELAY_MS: '0' }));

  it('makes exactly one order of 50 parallel withdrawals against a balance that covers one', async () => {
    const earner = await registerEarner(ctx.app);
    // 1,600 points with the bonus: one ₹100 withdrawal (1,200 points) fits, a second does not.
    await postAlone(ctx.db, { userId: earner.userId, amount: 1_500_00, reason: LedgerReason.taskReward, idempotencyKey: `fifty:${earner.userId}` });
    const recipient = await upiRecipient(ctx.app, earner.token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call<WithdrawOrder>(ctx.app, { method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, payload: { amount: 100_00, recipientId: recipient.id, idempotencyKey: key() } }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.code !== 200)) expect(refused.body.code).toBe(1101);
    expect(await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.userId, earner.userId))).toHaveLength(1);
    const [row] = ((await ctx.db.execute(sql`select balance from balances where user_id = ${earner.userId}`)) as unknown as { rows: { balance: string }[] }).rows;
    expect(Number(row?.balance)).toBe(1_600_00 - 1_200_00);
    expect(await reconcile(ctx.db)).toMatchObject(HOLDS);
  });

  it('dispatches every order once while the database drops all its connections, as in a restart', async () => {
    const earners: Registered[] = [];
    for (let i = 0; i < 8; i++) earners.push(await registerEarner(ctx.app));
    const orders: WithdrawOrder[] = [];
    for (const earner of earners) {
      await postAlone(ctx.db, { userId: earner.userId, amount: 5_000_00, reason: LedgerReason.taskReward, idempotencyKey: `restart:${earner.userId}` });
      const recipient = await upiRecipient(ctx.app, earner.token);
      const body = (await call<WithdrawOrder>(ctx.app, { method: 'POST', url: '/app/pay/pay-withdraw', token: earner.token, payload: { amount: 100_00, recipientId: recipient.id, idempotencyKey: key() } })).body;
      orders.push(body.data!);
    }
    // What a PostgreSQL restart looks like from the server: every connection it holds is cut.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const dbName = ((await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!;
    for (let cut = 0; cut < 6; cut++) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName.name]);
      await new Promise((r) => setTimeout(r, 150));
    }
    await admin.end();
    const ids = orders.map((o) => o.id);
    await waitFor(async () => {
      try {
        const rows = await ctx.db.select({ state: withdrawOrders.state }).from(withdrawOrders).where(sql`${withdrawOrders.id} in ${ids}`);
        return rows.length === ids.length && rows.every((r) => r.state === 'success');
      } catch {
        return false;
      }
    }, 'every order to be paid');
    const paid = await ctx.db.select().from(simulatorPayouts).where(sql`${simulatorPayouts.reference} in ${ids.map(String)}`);
    expect(paid).toHaveLength(ids.length);
    expect(await reconcile(ctx.db)).toMatchObject(HOLDS);
    // Eight sign-ups (argon2) and the payouts' wait (PAYOUT_WAIT_MS) alone can pass the default 30 s
    // on a busy machine: the test may take as long as its own wait allows.
  }, PAYOUT_WAIT_MS * 3);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

describe.runIf(process.env.DATABASE_URL)('a server killed between commit and dispatch (PostgreSQL)', () => {
  let database: Database;
  let url: string;
  const dbName = `grab_test_kill_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    database = await openPostgres(url, 4, () => undefined);
    await migrateDatabase(database, loadConfig({}).migrationsDir);
    await seed(database.db, { demo: true });
  });

  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '1',
        COOLING_OFF_HOURS: '0',
        PAYOUT_SIMULATOR_DELAY_MS: '0',
        SIGNUPS_PER_IP_PER_DAY: '1000',
        SIGNUPS_PER_DEVICE_PER_DAY: '1000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      'the server to start',
      90_000,
    );
    return child;
  }

  async function api<T>(port: number, url: string, token: string | null, body?: unknown): Promise<{ code: number; data: T }> {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { code: number; data: T };
  }

  it('dispatches the order once after a restart', async () => {
    const port = await freePort();
    const first = await startServer(port);
    let orderId: number;
    try {
      const phone = uniquePhone();
      const registered = await api<{ token: string; userInfo: { id: number } }>(port, '/public/user/register', null, { country: 'IN', phone, password: PASSWORD, rePassword: PASSWORD, inviteCode: 'ROOT01' });
      const { token, userInfo } = registered.data;
      await postAlone(database.db, { userId: userInfo.id, amount: 5_000_00, reason: LedgerReason.taskReward, idempotencyKey: `kill:${userInfo.id}` });
      const [upi] = (await api<Institution[]>(port, '/app/pay/institutionList?method=upi', token)).data;
      const recipient = (await api<Recipient>(port, '/app/pay/userRecipientSave', token, { method: 'upi', institutionId: upi!.id, name: 'Asha K', account: 'kill.me@okbank' })).data;
      const order = await api<WithdrawOrder>(port, '/app/pay/pay-withdraw', token, { amount: 100_00, recipientId: recipient.id, idempotencyKey: key() });
      // The answer means the commit happened; the process dies before its next poll for jobs.
      first.kill('SIGKILL');
      expect(order.code).toBe(200);
      orderId = order.data.id;
    } finally {
      first.kill('SIGKILL');
      await new Promise((r) => (first.exitCode !== null ? r(null) : first.once('exit', r)));
    }
    const [afterKill] = await database.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, orderId));
    expect(['queued', 'dispatched']).toContain(afterKill?.state);

    const second = await startServer(port);
    try {
      await waitFor(async () => {
        const [row] = await database.db.select({ state: withdrawOrders.state }).from(withdrawOrders).where(eq(withdrawOrders.id, orderId));
        return row?.state === 'success';
      }, 'the order to be paid after the restart');
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => (second.exitCode !== null ? r(null) : second.once('exit', r)));
    }
    const payouts = await database.db.select().from(simulatorPayouts).where(eq(simulatorPayouts.reference, String(orderId)));
    expect(payouts).toHaveLength(1);
    expect(await reconcile(database.db)).toMatchObject(HOLDS);
  }, 240_000);
});
