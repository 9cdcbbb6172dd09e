import type { Task, TaskKind } from '@grab/shared/contracts';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { taskSteps, tasks } from '../../db/schema';

/** The active catalogue (timed tasks past their end are left out), steps in order. */
export async function listActiveTasks(db: Executor, kind?: TaskKind): Promise<Task[]> {
  const conditions = [eq(tasks.active, true), or(isNull(tasks.endsAt), gt(tasks.endsAt, sql`now()`))];
  if (kind) conditions.push(eq(tasks.kind, kind));
  const rows = await db.select().from(tasks).where(and(...conditions)).orderBy(asc(tasks.position), asc(tasks.id));
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(taskSteps)
    .where(
      inArray(
        taskSteps.taskId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(taskSteps.taskId), asc(taskSteps.position));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TaskKind,
    schedule: r.schedule as Task['schedule'],
    title: r.title,
    description: r.description,
    reward: r.reward,
    minLevel: r.minLevel,
    resetTime: r.resetTime,
    endsAt: r.endsAt ? r.endsAt.toISOString() : null,
    // Progress per earner comes with the task engine; until then nothing is started.
    progress: { done: 0, total: r.timesPerPeriod },
    status: 'notStarted' as const,
    taskBranchList: steps.filter((s) => s.taskId === r.id).map((s) => ({ id: s.id, h5Url: s.h5Url, title: s.title })),
  }));
}
