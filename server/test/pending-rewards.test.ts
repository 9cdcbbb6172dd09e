import type { AssetInfo } from '@grab/shared/contracts';
import { describe, expect, it } from 'vitest';
import { passSubmission } from '../src/modules/reviews/reviews.service';
import { call, engines, registerEarner, testConfig, useTestContext } from './helper';
import { auditRun, submit, uploadPicture } from './reviews-fixtures';
import { createTask } from './tasks-fixtures';

// DESIGN §2.6: points earned but not received are shown apart from the balance, never as withdrawable.
describe.each(engines)('pending points in assetInfo (%s)', (engine) => {
  const ctx = useTestContext(engine, testConfig({ CATALOGUE_CACHE_MS: '0' }));

  const assets = async (token: string) => (await call<AssetInfo>(ctx.app, { method: 'GET', url: '/app/user/assetInfo', token })).body.data as AssetInfo;

  it('counts a reward under review until the pass moves it into the balance', async () => {
    const earner = await registerEarner(ctx.app);
    const before = await assets(earner.token);
    const run = await auditRun(ctx.db, earner.userId, 7_00);
    const submissionId = await submit(ctx.db, earner.userId, run, { pictures: [await uploadPicture(ctx.app, earner.token)] });

    // A new earner's whole balance is the welcome bonus, locked until a first approved task (DESIGN §5).
    expect(before).toMatchObject({ balance: 100_00, locked: 100_00, lockedReason: 'welcomeBonusUntilFirstTask', withdrawable: 0 });
    expect(await assets(earner.token)).toMatchObject({ balance: before.balance, pending: 7_00, withdrawable: 0 });
    await ctx.db.transaction((tx) => passSubmission(tx, submissionId, null, new Date()));
    // The first approved task releases the bonus: everything is withdrawable now.
    expect(await assets(earner.token)).toMatchObject({ balance: before.balance + 7_00, pending: 0, locked: 0, lockedReason: null, withdrawable: before.balance + 7_00 });
  });

  it('counts a finished run until it is collected, and only the earner’s own', async () => {
    const [earner, other] = [await registerEarner(ctx.app), await registerEarner(ctx.app)];
    const task = await createTask(ctx.db, { kind: 'joinGroup', reward: 3_00 }, ['open']);
    const lead = await call(ctx.app, { method: 'POST', url: '/app/task/leading-task', token: earner.token, payload: { taskId: task.id, stepId: task.stepIds[0] } });
    expect(lead.status).toBe(200);

    expect((await assets(earner.token)).pending).toBe(3_00);
    expect((await assets(other.token)).pending).toBe(0);
    expect((await call(ctx.app, { method: 'GET', url: `/app/task/collect?taskId=${task.id}`, token: earner.token })).status).toBe(200);
    expect((await assets(earner.token)).pending).toBe(0);
  });
});
