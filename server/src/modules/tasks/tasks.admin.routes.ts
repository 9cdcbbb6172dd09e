import { type AdminTask, type AdminTaskInput, adminTaskCreate, adminTaskList, adminTaskSetActive, LanguageKey } from '@grab/shared/contracts';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { taskSteps, tasks, type TaskTexts } from '../../db/schema';
import { errors } from '../../http/app-error';
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
    if (key.success) texts[key.data] = { title: text.title ?? '', description: text.description ?? '' };
  }
  return {
    id: row.id,
    active: row.active,
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
    steps: steps.sort((a, b) => a.position - b.position).map((s) => ({ title: s.title, action: s.action, h5Url: s.h5Url })),
    texts,
  };
}

async function withSteps(db: Executor, rows: TaskRow[]): Promise<AdminTask[]> {
  if (rows.length === 0) return [];
  const steps = await db.select().from(taskSteps).where(inArray(taskSteps.taskId, rows.map((r) => r.id)));
  return rows.map((r) => toAdminTask(r, steps.filter((s) => s.taskId === r.id)));
}

/** Blank translations are left out: the earner then reads English, and the console warns. */
function storedTexts(input: AdminTaskInput): TaskTexts {
  const out: TaskTexts = {};
  for (const [language, text] of Object.entries(input.texts)) {
    if (!text || (!text.title && !text.description)) continue;
    out[language] = { title: text.title || undefined, description: text.description || undefined };
  }
  return out;
}

/** The console's task screen: list, create, pause and resume. Admins only. */
export function tasksAdminRoutes(app: FastifyInstance, db: Db, catalogue: TaskCatalogue): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    adminTaskList,
    async (input) => {
      const page = input.page ?? 1;
      const rows = await db.select().from(tasks).orderBy(desc(tasks.active), asc(tasks.position), desc(tasks.id)).limit(PAGE + 1).offset((page - 1) * PAGE);
      return { list: await withSteps(db, rows.slice(0, PAGE)), hasMore: rows.length > PAGE };
    },
    guard,
  );
  route(
    app,
    adminTaskCreate,
    async (input, request) => {
      if (input.schedule === 'recurring' && !input.resetTime) throw errors.validation('admin.resetTimeNeeded');
      if (input.schedule === 'timed' && !input.endsAt) throw errors.validation('admin.endNeeded');
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tasks)
          .values({
            kind: input.kind,
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
            targetUrl: input.targetUrl || null,
            texts: storedTexts(input),
          })
          .returning();
        if (!row) throw errors.conflict();
        const steps = await tx
          .insert(taskSteps)
          .values(input.steps.map((s, position) => ({ taskId: row.id, position, title: s.title, action: s.action, h5Url: s.h5Url })))
          .returning();
        const task = toAdminTask(row, steps);
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
    adminTaskSetActive,
    async (input, request) => {
      const task = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(tasks).where(eq(tasks.id, input.taskId)).for('update');
        if (!before) throw errors.notFound();
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
