import type { StepAction } from '@grab/shared/contracts';
import type { Db } from '../src/db/database';
import { redeemCodes, taskSteps, tasks } from '../src/db/schema';

export type TaskValues = Partial<typeof tasks.$inferInsert>;

const STEP_PAGES: Record<StepAction, string> = {
  open: '/joinTgTask',
  share: '/shareTask',
  proof: '/auditTask',
  hang: '/hangTask',
  messaging: '/wsTask',
};

/** Inserts a task of its own for a test (not the seed's), with one step per action in order. */
export async function createTask(db: Db, values: TaskValues, actions: StepAction[]): Promise<{ id: number; stepIds: number[] }> {
  const [task] = await db
    .insert(tasks)
    .values({ kind: 'joinGroup', schedule: 'once', title: 'Test task', description: 'A task made by a test', reward: 1_50, ...values })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task insert returned nothing');
  if (actions.length === 0) return { id: task.id, stepIds: [] };
  const steps = await db
    .insert(taskSteps)
    .values(actions.map((action, position) => ({ taskId: task.id, position, action, h5Url: STEP_PAGES[action], title: `Step ${position + 1}` })))
    .returning({ id: taskSteps.id, position: taskSteps.position });
  return { id: task.id, stepIds: steps.sort((a, b) => a.position - b.position).map((s) => s.id) };
}

let codeCounter = 0;
export async function createCode(db: Db, values: Partial<typeof redeemCodes.$inferInsert> = {}): Promise<string> {
  codeCounter += 1;
  const code = `T${process.pid}X${codeCounter}`;
  await db.insert(redeemCodes).values({ code, reward: 2_00, maxUses: 5, expiresAt: new Date(Date.now() + 86_400_000), ...values });
  return code;
}
