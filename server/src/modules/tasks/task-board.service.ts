import type { LanguageKey, Task, TaskDetail, TaskKind } from '@grab/shared/contracts';
import { errors } from '../../http/app-error';
import { invitationLink } from '../team/invitation-link';
import { nextResetAt, periodOf, stillListed, utcDay } from './task-periods';
import { type EngineContext, runView } from './task-runs.service';
import { earnerState, pictureLabels, toTask } from './task-view';
import type { ReadCache } from '../../db/read-cache';
import type { DailyCountsCache } from './daily-counts.cache';
import type { TaskListMemo } from './task-list.memo';
import type { TaskCatalogue } from './tasks.catalogue';
import { type CatalogueTask, dailyCounts, type EarnerRuns, loadEarnerRuns, type RunRow } from './tasks.repository';

/** A join-group link is handed out by `tg-url` only; every other kind's page the detail links to directly. */
const TG_URL_KINDS: ReadonlySet<TaskKind> = new Set(['joinGroup']);

export interface BoardContext extends EngineContext {
  catalogue: TaskCatalogue;
  dailyCounts: DailyCountsCache;
  /** Home's read of one earner (level and runs of the given periods), keyed `userId|periods`. */
  earnerRuns: ReadCache<string, EarnerRuns | null>;
  /** Each earner's last list, handed out again while nothing it was made of has changed. */
  lists: TaskListMemo;
}

/** The earner whose runs an `earnerRuns` key names: keys begin with their id. */
export function earnerOfRunsKey(key: string): number {
  return Number.parseInt(key, 10);
}

function isCapReached(task: CatalogueTask, counts: Map<number, number>): boolean {
  return task.dailyCap !== null && (counts.get(task.id) ?? 0) >= task.dailyCap;
}

/**
 * What Home shows one earner. The catalogue (and what of it is listed at this instant) and today's
 * counts of capped tasks come from the process caches; the earner's part is one query (level and
 * the runs of the current periods), kept per process until a write that may change it (ReadCache); the list
 * made of them is kept while they are the same (TaskListMemo).
 */
export async function listTasks(ctx: BoardContext, userId: number, language: LanguageKey, kind?: TaskKind): Promise<Task[]> {
  const now = ctx.clock.now(userId);
  const listed = await ctx.catalogue.listed(now, kind);
  if (listed.tasks.length === 0) return [];
  const [earner, counts] = await Promise.all([
    ctx.earnerRuns.get(`${userId}|${listed.periodsKey}`, () => loadEarnerRuns(ctx.db, userId, listed.periods)),
    ctx.dailyCounts.get(listed.capped, listed.day),
  ]);
  if (!earner) throw errors.unauthorized();
  const key = `${userId}|${language}|${kind ?? ''}`;
  const inputs = { catalogue: listed.tasks, earner, counts };
  const kept = ctx.lists.get(key, inputs, now.getTime());
  if (kept) return kept;
  const runsByTask = new Map<number, RunRow[]>();
  for (const run of earner.runs) runsByTask.set(run.taskId, [...(runsByTask.get(run.taskId) ?? []), run]);
  const tasks = listed.tasks.map((task) => toTask(task, language, earner.level, earnerState(task, runsByTask.get(task.id) ?? [], now, isCapReached(task, counts)), now));
  return ctx.lists.set(key, inputs, now.getTime(), listed.until, tasks);
}

export async function taskDetail(ctx: BoardContext, userId: number, language: LanguageKey, taskId: number, origin: string): Promise<TaskDetail> {
  const now = ctx.clock.now(userId);
  const task = await ctx.catalogue.get(taskId);
  if (!task || !stillListed(task, now)) throw errors.notFound();
  const [earner, counts] = await Promise.all([
    loadEarnerRuns(ctx.db, userId, [periodOf(task, now)], task.id),
    dailyCounts(ctx.db, task.dailyCap === null ? [] : [task.id], utcDay(now)),
  ]);
  if (!earner) throw errors.unauthorized();
  const state = earnerState(task, earner.runs, now, isCapReached(task, counts));
  const hasProof = task.steps.some((s) => s.action === 'proof');
  return {
    ...toTask(task, language, earner.level, state, now),
    nextResetAt: nextResetAt(task, now)?.toISOString() ?? null,
    proofPictures: hasProof ? task.proofPictures : 0,
    pictureLabels: hasProof ? pictureLabels(task, language) : [],
    // How long a review can take is what the earner wants to know; the deadline is its upper bound.
    reviewMinutes: hasProof ? ctx.reviewDeadlineMinutes : null,
    targetUrl: TG_URL_KINDS.has(task.kind) ? null : task.targetUrl,
    inviteLink: hasProof && task.showsInviteLink ? invitationLink(origin, earner.inviteCode) : null,
    earnerLevel: earner.level,
    run: state.run ? await runView(ctx.db, task, state.run, earner.inviteCode, origin) : null,
  };
}
