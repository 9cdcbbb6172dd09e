import type { RunStatus, StepAction, TaskKind, } from '@grab/shared/contracts';
import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { taskDailyCounts, taskRuns, taskSteps, tasks, type TaskTexts, users } from '../../db/schema';
import type { TaskTiming } from './task-periods';

export interface CatalogueStep {
  id: number;
  /** 0-based order; also the index of the step's title in `texts[language].steps`. */
  position: number;
  h5Url: string;
  title: string;
  action: StepAction;
}

/** A task as stored, the same for every earner and every language (what the catalogue caches). */
export interface CatalogueTask extends TaskTiming {
  id: number;
  kind: TaskKind;
  active: boolean;
  title: string;
  description: string;
  reward: number;
  minLevel: number;
  timesPerPeriod: number;
  texts: TaskTexts;
  targetUrl: string | null;
  /** The proof page shows the earner's invitation link (tasks that ask them to post it). */
  showsInviteLink: boolean;
  proofPictures: number;
  /** English; `texts[language].pictures` translates them. */
  pictureLabels: string[];
  visitsNeeded: number;
  dailyCap: number | null;
  steps: CatalogueStep[];
}

export type { RunStatus };

export interface RunRow {
  id: number;
  taskId: number;
  period: string;
  seq: number;
  /** Position of the step to do next (the step count once all are done). */
  step: number;
  status: RunStatus;
  reason: string | null;
  rewardPaid: number | null;
}

export const runColumns = {
  id: taskRuns.id,
  taskId: taskRuns.taskId,
  period: taskRuns.period,
  seq: taskRuns.seq,
  step: taskRuns.step,
  status: taskRuns.status,
  reason: taskRuns.reason,
  rewardPaid: taskRuns.rewardPaid,
};

export function toRun(row: Pick<typeof taskRuns.$inferSelect, keyof typeof runColumns>): RunRow {
  return row;
}

function toCatalogueTask(r: typeof tasks.$inferSelect, steps: CatalogueStep[]): CatalogueTask {
  return {
    id: r.id,
    kind: r.kind,
    schedule: r.schedule,
    active: r.active,
    title: r.title,
    description: r.description,
    reward: r.reward,
    minLevel: r.minLevel,
    resetTime: r.resetTime,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    timesPerPeriod: r.timesPerPeriod,
    texts: r.texts,
    targetUrl: r.targetUrl,
    showsInviteLink: r.showsInviteLink,
    proofPictures: r.proofPictures,
    pictureLabels: r.pictureLabels,
    visitsNeeded: r.visitsNeeded,
    dailyCap: r.dailyCap,
    steps,
  };
}

async function withSteps(db: Executor, rows: (typeof tasks.$inferSelect)[]): Promise<CatalogueTask[]> {
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
  return rows.map((r) =>
    toCatalogueTask(
      r,
      steps.filter((s) => s.taskId === r.id).map((s) => ({ id: s.id, position: s.position, h5Url: s.h5Url, title: s.title, action: s.action })),
    ),
  );
}

/**
 * A task's steps in order, as JSON beside its row, so that one statement reads both: a step or a
 * collect reads its task inside its transaction, and on PGlite each statement costs the server's
 * thread about half a millisecond on average (bench/README.md, 2026-12-06). `${tasks}.id`,
 * not `${tasks.id}`: a select from one table names its columns unqualified, and inside the
 * subquery a bare `id` would be the step's.
 */
const stepsOfTask = sql<CatalogueStep[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'position', s.position, 'h5Url', s.h5_url, 'title', s.title, 'action', s.action) order by s.position)
  from ${taskSteps} s where s.task_id = ${tasks}.id), '[]'::json)`;

/** The active catalogue in display order, leaving out timed tasks that ended before `endedAfter`. */
export async function listActiveTasks(db: Executor, endedAfter: Date): Promise<CatalogueTask[]> {
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.active, true), or(isNull(tasks.endsAt), gt(tasks.endsAt, endedAfter))))
    .orderBy(asc(tasks.position), asc(tasks.id));
  return withSteps(db, rows);
}

export interface Earner {
  level: number;
  inviteCode: string;
}

/**
 * One task whatever its state (a reward earned on a task switched off since is still collected),
 * with the earner's level and invite code, in one statement: a step or a collect reads both inside
 * its transaction, and on PGlite each statement costs the server's thread. Null when there is no
 * such task; `earner` is null when there is no such earner.
 */
export async function findTask(db: Executor, taskId: number, userId: number): Promise<{ task: CatalogueTask; earner: Earner | null } | null> {
  const earner = sql<Earner | null>`(select json_build_object('level', u.level, 'inviteCode', u.invite_code) from ${users} u where u.id = ${userId})`;
  const [row] = await db
    .select({ task: tasks, steps: stepsOfTask, earner })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  return row ? { task: toCatalogueTask(row.task, row.steps), earner: row.earner } : null;
}

/** The first active task of a kind in display order, with its steps. */
export async function firstActiveOfKind(db: Executor, kind: TaskKind): Promise<CatalogueTask | null> {
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.kind, kind), eq(tasks.active, true)))
    .orderBy(asc(tasks.position), asc(tasks.id))
    .limit(1);
  const [task] = await withSteps(db, rows);
  return task ?? null;
}

export interface EarnerRuns {
  level: number;
  inviteCode: string;
  runs: RunRow[];
}

/**
 * The earner's level and invite code with, in the same query, their runs that matter now: those of
 * the given current periods, and any passed run of an earlier period (a reward earned before a
 * reset stays to be collected). `taskId` narrows it to one task.
 */
export async function loadEarnerRuns(db: Executor, userId: number, periods: readonly string[], taskId?: number): Promise<EarnerRuns | null> {
  const relevant: SQL[] = [eq(taskRuns.userId, users.id), or(inArray(taskRuns.period, periods), eq(taskRuns.status, 'passed')) as SQL];
  if (taskId !== undefined) relevant.push(eq(taskRuns.taskId, taskId));
  const rows = await db
    .select({ level: users.level, inviteCode: users.inviteCode, run: runColumns })
    .from(users)
    .leftJoin(taskRuns, and(...relevant))
    .where(eq(users.id, userId))
    .orderBy(asc(taskRuns.taskId), asc(taskRuns.id));
  const [first] = rows;
  if (!first) return null;
  return {
    level: first.level,
    inviteCode: first.inviteCode,
    runs: rows.flatMap((r) => (r.run ? [toRun(r.run)] : [])),
  };
}

/** Runs started today of each capped task, across all earners. */
export async function dailyCounts(db: Executor, taskIds: readonly number[], day: string): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: taskDailyCounts.taskId, count: taskDailyCounts.count })
    .from(taskDailyCounts)
    .where(and(eq(taskDailyCounts.day, day), inArray(taskDailyCounts.taskId, taskIds)));
  return new Map(rows.map((r) => [r.taskId, r.count]));
}

/**
 * Takes one of today's places of a capped task. The conditional upsert re-checks the count under
 * the row lock, so concurrent starts on PostgreSQL never take more places than the cap.
 */
export async function reserveDailyPlace(tx: Executor, taskId: number, day: string, cap: number): Promise<boolean> {
  const rows = await tx
    .insert(taskDailyCounts)
    .values({ taskId, day, count: 1 })
    .onConflictDoUpdate({
      target: [taskDailyCounts.taskId, taskDailyCounts.day],
      set: { count: sql`${taskDailyCounts.count} + 1` },
      setWhere: sql`${taskDailyCounts.count} < ${cap}`,
    })
    .returning({ count: taskDailyCounts.count });
  return rows.length > 0;
}

export async function findEarner(db: Executor, userId: number): Promise<Earner | null> {
  const [row] = await db.select({ level: users.level, inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
