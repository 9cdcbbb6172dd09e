import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, taskRuns } from '../src/db/schema';
import { payRun } from '../src/modules/tasks/task-rewards.service';
import { engines, registerEarner, useTestContext } from './helper';
import { createTask } from './tasks-fixtures';

describe.each(engines)('the one reward path (%s)', (engine) => {
  const ctx = useTestContext(engine);

  async function runIn(status: 'inProgress' | 'failed' | 'passed' | 'underReview') {
    const earner = await registerEarner(ctx.app);
    const task = await createTask(ctx.db, { kind: 'audit', reward: 4_00 }, ['proof']);
    const [run] = await ctx.db.insert(taskRuns).values({ userId: earner.userId, taskId: task.id, period: 'once', seq: 1, status }).returning({ id: taskRuns.id });
    return { earner, runId: run!.id };
  }

  it.each(['inProgress', 'failed'] as const)('refuses to pay a run that is %s, moving nothing', async (status) => {
    const { earner, runId } = await runIn(status);
    await expect(ctx.db.transaction((tx) => payRun(tx, runId))).rejects.toMatchObject({ key: 'errors.conflict' });
    const [run] = await ctx.db.select().from(taskRuns).where(eq(taskRuns.id, runId));
    expect(run?.status).toBe(status);
    expect((await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, earner.userId))).filter((e) => e.reason === 'task_reward')).toHaveLength(0);
  });

  it.each(['passed', 'underReview'] as const)('pays a run that is %s once, and answers a second call without moving anything', async (status) => {
    const { runId } = await runIn(status);
    const first = await ctx.db.transaction((tx) => payRun(tx, runId));
    expect(first).toMatchObject({ reward: 4_00, created: true });
    const again = await ctx.db.transaction((tx) => payRun(tx, runId));
    expect(again).toMatchObject({ reward: 4_00, created: false, ledgerEntryId: first.ledgerEntryId });
  });
});
