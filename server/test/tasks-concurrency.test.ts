import type { Credit, LeadingTaskResult } from '@grab/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, ledgerEntries, ledgerTransfers, redeemCodes, taskDailyCounts, taskRuns } from '../src/db/schema';
import { entriesSum } from '../src/modules/ledger/ledger.service';
import { call, engines, registerEarner, type Registered, testConfig, useTestContext } from './helper';
import { createCode, createTask } from './tasks-fixtures';

// Real concurrency needs real connections: PGlite runs one statement at a time, so these checks
// are registered on PostgreSQL only.
describe.each(engines)('the task engine under concurrent calls (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ CATALOGUE_CACHE_MS: '0' }));

  const lead = (earner: Registered, payload: Record<string, unknown>) =>
    call<LeadingTaskResult>(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload });

  it('answers its health check', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/health' })).status).toBe(200);
  });

  if (engine !== 'postgres') return;

  it('credits a double-clicked collect exactly once, both calls answering the same credit', async () => {
    const task = await createTask(ctx.db, { reward: 2_75 }, ['open']);
    const earner = await registerEarner(ctx.app);
    await lead(earner, { taskId: task.id, stepId: task.stepIds[0] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call<Credit>(ctx.app, { method: 'GET', url: `/app/task/collect?taskId=${task.id}`, token: earner.token })),
    );
    for (const answer of answers) expect(answer.body.code).toBe(200);
    expect(new Set(answers.map((a) => a.body.data?.reward))).toEqual(new Set([2_75]));
    const rewards = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, earner.userId), eq(ledgerEntries.reason, 'task_reward')));
    expect(rewards).toHaveLength(1);
  });

  it('starts one run when the start is sent several times at once', async () => {
    const task = await createTask(ctx.db, { dailyCap: 50 }, ['open', 'open']);
    const earner = await registerEarner(ctx.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => lead(earner, { taskId: task.id })));
    for (const answer of answers) expect(answer.body.code).toBe(200);
    expect(await ctx.db.select().from(taskRuns).where(eq(taskRuns.taskId, task.id))).toHaveLength(1);
    const [count] = await ctx.db.select().from(taskDailyCounts).where(eq(taskDailyCounts.taskId, task.id));
    expect(count?.count).toBe(1);
  });

  it('gives a 5-use code to exactly 5 of 20 earners redeeming at once, and the ledger reconciles', async () => {
    const code = await createCode(ctx.db, { reward: 1_00, maxUses: 5 });
    const earners: Registered[] = [];
    for (let i = 0; i < 20; i++) earners.push(await registerEarner(ctx.app));
    const answers = await Promise.all(
      earners.map((e) => call<Credit>(ctx.app, { method: 'GET', url: `/app/task/exchange?code=${code}`, token: e.token })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.body.code !== 200)) expect(refused.body.msg).toBe('This code has been used up');
    const credits = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reason, 'redeem_code'));
    expect(credits.filter((c) => c.idempotencyKey.startsWith(`code:${code}:`))).toHaveLength(5);
    expect((await ctx.db.select().from(redeemCodes).where(eq(redeemCodes.code, code)))[0]?.used).toBe(5);

    // For every earner: the balance is the sum of the entries, and none is negative.
    for (const row of await ctx.db.select().from(balances)) {
      expect(Number(row.balance)).toBe(await entriesSum(ctx.db, row.userId));
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
    }
  });

  it('lets one earner redeem a code once even when the redemption is sent several times at once', async () => {
    const code = await createCode(ctx.db, { reward: 1_00, maxUses: 10 });
    const earner = await registerEarner(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call<Credit>(ctx.app, { method: 'GET', url: `/app/task/exchange?code=${code}`, token: earner.token })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect((await ctx.db.select().from(redeemCodes).where(eq(redeemCodes.code, code)))[0]?.used).toBe(1);
  });

  it('answers every copy of one try sent at once with the same credit, counted once', async () => {
    const code = await createCode(ctx.db, { reward: 2_00, maxUses: 10 });
    const earner = await registerEarner(ctx.app);
    const attempt = 'c'.repeat(32);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call<Credit>(ctx.app, { method: 'GET', url: `/app/task/exchange?code=${code}&attempt=${attempt}`, token: earner.token })),
    );
    for (const answer of answers) expect(answer.body).toMatchObject({ code: 200, data: { reward: 2_00 } });
    expect((await ctx.db.select().from(redeemCodes).where(eq(redeemCodes.code, code)))[0]?.used).toBe(1);
    const credits = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `code:${code}:${earner.userId}`));
    expect(credits).toHaveLength(1);
  });
});
