import { describe, expect, it } from 'vitest';
import { call, engines, registerEarner, testConfig, useTestContext } from './helper';
import { createTask } from './tasks-fixtures';
import { payReward, rewardTasks } from './team-fixtures';

interface Home {
  asset: number;
  balance: number;
  todayEarnings: number;
}

/**
 * A collect drops the cached Home of the earner and of their uplines only (write-clock.ts). These
 * are the answers that would go stale if it named too few: an upline's rebate, which the downline's
 * collect pays, must show on the upline's next Home at once, however long the caches keep it.
 */
describe.each(engines)('writes scoped to the earners they change (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ SESSION_CACHE_MS: '60000', CATALOGUE_CACHE_MS: '600000' }));

  async function home(token: string): Promise<Home> {
    const [info, assets] = await Promise.all([
      call<{ asset: number }>(ctx.app, { method: 'POST', url: '/app/user/info', token, payload: {} }),
      call<{ balance: number; todayEarnings: number }>(ctx.app, { method: 'GET', url: '/app/user/assetInfo', token }),
    ]);
    expect([info.body.code, assets.body.code]).toEqual([200, 200]);
    return { asset: info.body.data!.asset, balance: assets.body.data!.balance, todayEarnings: assets.body.data!.todayEarnings };
  }

  it("shows a downline's collect on the Home of every upline at once, and on nobody else's", async () => {
    const top = await registerEarner(ctx.app);
    const upline = await registerEarner(ctx.app, top.inviteCode);
    const earner = await registerEarner(ctx.app, upline.inviteCode);
    const bystander = await registerEarner(ctx.app, top.inviteCode);
    // The earner's first approved audit task verifies them, so their rewards pay the uplines' rebates.
    const { audit } = await rewardTasks(ctx.db);
    await payReward(ctx.db, earner.userId, audit, 10_00);
    const task = await createTask(ctx.db, { reward: 100_00, schedule: 'recurring', resetTime: '00:00', timesPerPeriod: 100 }, ['open']);

    const before = { top: await home(top.token), upline: await home(upline.token), bystander: await home(bystander.token) };
    // Asked twice: the second answer is the cached one the collect must drop.
    expect(await home(upline.token)).toEqual(before.upline);

    const step = await call(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload: { taskId: task.id, stepId: task.stepIds[0] } });
    expect(step.body.code).toBe(200);
    const collected = await call<{ reward: number }>(ctx.app, { method: 'GET', url: `/app/task/collect?taskId=${task.id}`, token: earner.token });
    expect(collected.body.data?.reward).toBe(100_00);

    const after = { top: await home(top.token), upline: await home(upline.token), bystander: await home(bystander.token) };
    // Rebates of 3 % to the inviter and 2 % one level up (the seeded rates), on both cached answers.
    expect(after.upline.balance - before.upline.balance).toBe(3_00);
    expect(after.upline.asset - before.upline.asset).toBe(3_00);
    expect(after.upline.todayEarnings - before.upline.todayEarnings).toBe(3_00);
    expect(after.top.balance - before.top.balance).toBe(2_00);
    expect(after.top.asset - before.top.asset).toBe(2_00);
    expect(after.bystander).toEqual(before.bystander);
  });
});
