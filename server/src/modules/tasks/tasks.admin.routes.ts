import { type AdminTask, type AdminTaskInput, adminTaskArchive, adminTaskCreate, adminTaskList, adminTaskSetActive, adminTaskUpdate, ErrorCode, LanguageKey } from '@grab/shared/contracts';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { taskSteps, tasks, type TaskTexts } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';
import type { TaskCatalogue } from './tasks.catalogue';

const PAGE = 30;

type TaskRow = typeof tasks.$inferSelect;
type StepRow = typeof taskSteps.$inferSelect;

function toAdminTask(row: TaskRow, steps: StepRow[]): AdminTask {
  const texts: AdminTask['texts'] = {};
  for (const [language, text] of Object.entries(row.texts)) {
    const key = LanguageKey.safeParse(language);
    if (key.success) texts[key.data] = { title: text.title ?? '', description: text.description ?? '', ...(text.pictures ? { pictures: text.pictures } : {}) };
  }
  return {
    id: row.id,
    active: row.active,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    schedule: row.schedule,
    title: row.title,
    description: row.description,
    reward: row.reward,
    minLevel: row.minLevel,
    dailyCap: row.dailyCap,
    position: row.position,
    resetTime: row.resetTime,
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    proofPictures: row.proofPictures,
    targetUrl: row.targetUrl,
    showsInviteLink: row.showsInviteLink,
    steps: steps.sort((a, b) => a.position - b.position).map((s) => ({ title: s.title, action: s.action, h5Url: s.h5Url })),
    pictureLabels: row.pictureLabels,
    texts,
  };
}

async function withSteps(db: Executor, rows: TaskRow[]): Promise<AdminTask[]> {
  if (rows.length === 0) return [];
  const steps = await db.select().from(taskSteps).where(inArray(taskSteps.taskId, rows.map((r) => r.id)));
  return rows.map((r) => toAdminTask(r, steps.filter((s) => s.taskId === r.id)));
}

/**
 * Blank translations are left out: the earner then reads English, and the console warns. The
 * translated step titles (`steps`, seeded tasks have them) are not on the form and are kept.
 * Picture labels are kept only while the task names its pictures, and a blank one reads English.
 */
function storedTexts(input: Pick<AdminTaskInput, 'texts' | 'pictureLabels'>, kept: TaskTexts = {}): TaskTexts {
  const out: TaskTexts = {};
  const named = (input.pictureLabels?.length ?? 0) > 0;
  for (const [language, text] of Object.entries(input.texts)) {
    const pictures = named && text?.pictures?.some(Boolean) ? text.pictures : undefined;
    if (!text || (!text.title && !text.description && !pictures)) continue;
    const steps = kept[language]?.steps;
    out[language] = { title: text.title || undefined, description: text.description || undefined, ...(steps ? { steps } : {}), ...(pictures ? { pictures } : {}) };
  }
  return out;
}

/** The columns a task's form sets; the schedule's own field is kept only for its schedule. */
function taskColumns(input: AdminTaskInput) {
  if (input.schedule === 'recurring' && !input.resetTime) throw errors.validation('admin.resetTimeNeeded');
  if (input.schedule === 'timed' && !input.endsAt) throw errors.validation('admin.endNeeded');
  return {
    schedule: input.schedule,
    title: input.title,
    description: input.description,
    reward: input.reward,
    minLevel: input.minLevel,
    dailyCap: input.dailyCap,
    position: input.position,
    resetTime: input.schedule === 'recurring' ? input.resetTime : null,
    endsAt: input.schedule === 'timed' && input.endsAt ? new Date(input.endsAt) : null,
    proofPictures: input.proofPictures,
    pictureLabels: input.pictureLabels ?? [],
    targetUrl: input.targetUrl || null,
    showsInviteLink: input.showsInviteLink ?? false,
  };
}

/** The task locked for a change; an archived one is refused (it is kept as it was). */
async function lockedTask(tx: Executor, taskId: number): Promise<TaskRow> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  if (!row) throw errors.notFound();
  if (row.archivedAt) throw new AppError(ErrorCode.conflict, 'admin.taskArchived');
  return row;
}

/**
 * Steps are matched by position, which is what an earner's run points at: a step kept keeps its
 * row (and id), new ones are added, and the ones past the new end are removed.
 */
async function replaceSteps(tx: Executor, taskId: number, steps: AdminTaskInput['steps']): Promise<StepRow[]> {
  await tx.delete(taskSteps).where(and(eq(taskSteps.taskId, taskId), gte(taskSteps.position, steps.length)));
  for (const [position, step] of steps.entries()) {
    await tx
      .insert(taskSteps)
      .values({ taskId, position, title: step.title, action: step.action, h5Url: step.h5Url })
      .onConflictDoUpdate({ target: [taskSteps.taskId, taskSteps.position], set: { title: step.title, action: step.action, h5Url: step.h5Url } });
  }
  return tx.select().from(taskSteps).where(eq(taskSteps.taskId, taskId));
}

/** The console's task screen: list, create, edit, pause, resume and archive. Admins only. */
export function tasksAdminRoutes(app: FastifyInstance, db: Db, catalogue: TaskCatalogue): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    adminTaskList,
    async (input) => {
      const page = input.page ?? 1;
      const rows = await db
        .select()
        .from(tasks)
        .orderBy(sql`${tasks.archivedAt} is not null`, desc(tasks.active), asc(tasks.position), desc(tasks.id))
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return { list: await withSteps(db, rows.slice(0, PAGE)), hasMore: rows.length > PAGE };
    },
    guard,
  );
  route(
    app,
    adminTaskCreate,
    async (input, request) => {
      const columns = taskColumns(input);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tasks)
          .values({ kind: input.kind, ...columns, texts: storedTexts(input) })
          .returning();
        if (!row) throw errors.conflict();
        const task = toAdminTask(row, await replaceSteps(tx, row.id, input.steps));
        await recordAction(tx, earnerOf(request), { action: 'task.create', targetType: 'task', targetId: row.id, after: task });
        return task;
      });
      catalogue.invalidate();
      return created;
    },
    guard,
  );
  route(
    app,
    adminTaskUpdate,
    async (input, request) => {
      const { taskId, ...fields } = input;
      const columns = taskColumns(fields);
      const task = await db.transaction(async (tx) => {
        const row = await lockedTask(tx, taskId);
        if (row.kind !== fields.kind) throw errors.validation('admin.kindFixed');
        const before = (await withSteps(tx, [row]))[0]!;
        const [updated] = await tx
          .update(tasks)
          .set({ ...columns, texts: storedTexts(fields, row.texts) })
          .where(eq(tasks.id, taskId))
          .returning();
        if (!updated) throw errors.notFound();
        const after = toAdminTask(updated, await replaceSteps(tx, taskId, fields.steps));
        await recordAction(tx, earnerOf(request), { action: 'task.update', targetType: 'task', targetId: taskId, before, after });
        return after;
      });
      catalogue.invalidate();
      return task;
    },
    guard,
  );
  route(
    app,
    adminTaskArchive,
    async (input, request) => {
      const task = await db.transaction(async (tx) => {
        const before = await lockedTask(tx, input.taskId);
        const [after] = await tx.update(tasks).set({ active: false, archivedAt: new Date() }).where(eq(tasks.id, input.taskId)).returning();
        if (!after) throw errors.notFound();
        await recordAction(tx, earnerOf(request), {
          action: 'task.archive',
          targetType: 'task',
          targetId: input.taskId,
          before: { active: before.active, archivedAt: null },
          after: { active: false, archivedAt: after.archivedAt?.toISOString() ?? null },
        });
        return (await withSteps(tx, [after]))[0]!;
      });
      catalogue.invalidate();
      return task;
    },
    guard,
  );
  route(
    app,
    adminTaskSetActive,
    async (input, request) => {
      const task = await db.transaction(async (tx) => {
        const before = await lockedTask(tx, input.taskId);
        const [after] = await tx.update(tasks).set({ active: input.active }).where(eq(tasks.id, input.taskId)).returning();
        if (!after) throw errors.notFound();
        await recordAction(tx, earnerOf(request), { action: input.active ? 'task.resume' : 'task.pause', targetType: 'task', targetId: input.taskId, before: { active: before.active }, after: { active: after.active } });
        return (await withSteps(tx, [after]))[0]!;
      });
      catalogue.invalidate();
      return task;
    },
    guard,
  );
}
