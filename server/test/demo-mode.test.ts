import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/database';
import { ledgerEntries, rootInviteCodes, tasks, users } from '../src/db/schema';
import { createOperator } from '../src/modules/auth/auth.service';
import { DEMO_REVIEWER, ROOT_INVITE_CODE, seed } from '../src/seed/seed';
import { call, engines, PASSWORD, registerEarner, useTestContext } from './helper';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

describe('demo mode', () => {
  it('is the embedded default, or SEED_DEMO=1; PostgreSQL gets no demo unless asked', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/grab' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/grab', SEED_DEMO: '1' }).demo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

describe.runIf(process.env.DATABASE_URL)('production on PostgreSQL', () => {
  it('seeds no demo account, task or code, makes a random root code once, and prints no password', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `grab_test_prod_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      // The real server, started as a deployment would start it.
      const server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
        env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString(), PUBLIC_ORIGIN: 'https://grab.example', PORT: '0', LOG_LEVEL: 'info', SEED_DEMO: '' },
      });
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr.on('data', (chunk) => {
        output += chunk;
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
        server.stdout.on('data', () => {
          if (output.includes('Root invitation code')) {
            clearTimeout(timer);
            resolve();
          }
        });
        server.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
      });
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      expect(output).not.toMatch(/password [^ ]|grab-review-2026|grab-demo-2026/i);
      expect(output).toContain('create-operator');

      const database = await openPostgres(url.toString(), 2, () => undefined);
      try {
        const db = database.db;
        expect(await db.select().from(users)).toHaveLength(0);
        expect(await db.select().from(tasks)).toHaveLength(0);
        const codes = await db.select().from(rootInviteCodes);
        expect(codes).toHaveLength(1);
        expect(codes[0]?.code).not.toBe(ROOT_INVITE_CODE);
        expect(output).toContain(codes[0]!.code);
        // Started again, it keeps the one code.
        expect((await seed(db, { demo: false, env: {} })).rootInviteCode).toBe(codes[0]!.code);
        expect(await db.select().from(rootInviteCodes)).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.each(engines)('operators on %s', (engine) => {
  const ctx = useTestContext(engine);

  it('create-operator makes a reviewer who can log in and review; an earner gets 403 there', async () => {
    const made = await createOperator(ctx.db, { country: 'IN', phone: '9000000077', role: 'reviewer', password: 'reviewer-pass-77' });
    expect(made.created).toBe(true);
    const session = await call<{ token: string }>(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: '9000000077', password: 'reviewer-pass-77' } });
    expect(session.body.code).toBe(200);
    const list = await call(ctx.app, { method: 'GET', url: '/admin/review/list?status=underReview&page=1', token: session.body.data!.token });
    expect(list.body.code).toBe(200);
    const earner = await registerEarner(ctx.app);
    expect((await call(ctx.app, { method: 'GET', url: '/admin/review/list?status=underReview&page=1', token: earner.token })).status).toBe(403);
    // An operator is not an earner: no welcome bonus, no inviter.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, made.userId));
    expect(row).toMatchObject({ role: 'reviewer', inviterId: null });
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, made.userId))).toHaveLength(0);
  });

  it('gives an existing account a role, keeping its password, and refuses what could not work', async () => {
    const earner = await registerEarner(ctx.app);
    expect((await createOperator(ctx.db, { country: 'IN', phone: earner.phone, role: 'payout' })).created).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, earner.userId));
    expect(row?.role).toBe('payout');
    expect((await call(ctx.app, { method: 'POST', url: '/login', payload: { country: 'IN', phone: earner.phone, password: PASSWORD } })).body.code).toBe(200);
    await expect(createOperator(ctx.db, { country: 'IN', phone: '12', role: 'admin', password: 'long-enough-1' })).rejects.toThrow('validation.phoneInvalid');
    await expect(createOperator(ctx.db, { country: 'IN', phone: '9000000078', role: 'admin' })).rejects.toThrow('validation.passwordRequired');
    await expect(createOperator(ctx.db, { country: 'IN', phone: '9000000078', role: 'admin', password: 'short' })).rejects.toThrow('validation.passwordLength');
    // The demo reviewer exists in demo mode only; here, the test seed is the demo.
    expect(DEMO_REVIEWER.e164).toBe('+919000000001');
  });
});

describe('the create-operator command', () => {
  it('reads the password from the environment, never the command line, and refuses an unknown role', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-cli-'));
    const cli = path.join(repoRoot, 'server', 'dist', 'cli.js');
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', GRAB_OPERATOR_PASSWORD: 'operator-pass-1' };
      const ok = spawnSync(process.execPath, [cli, 'create-operator', '--country', 'IN', '--phone', '9000000088', '--role', 'admin'], { env, encoding: 'utf8' });
      expect(ok.stdout, ok.stderr).toMatch(/Created operator \d+ with the role admin/);
      expect(ok.status).toBe(0);
      const bad = spawnSync(process.execPath, [cli, 'create-operator', '--country', 'IN', '--phone', '9000000088', '--role', 'boss'], { env, encoding: 'utf8' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("Unknown role 'boss'");
      const argv = spawnSync(process.execPath, [cli, 'create-operator', '--country', 'IN', '--phone', '9000000088', '--role', 'admin', '--password', 'x'], { env, encoding: 'utf8' });
      expect(argv.status).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
