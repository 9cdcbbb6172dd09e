import { PATHS, type TaskKind, type TaskStep } from '@grab/shared';

/** Where the router should go: a path inside the app, or an absolute address elsewhere. */
export interface Destination {
  href: string;
  internal: boolean;
}

export interface TaskRef {
  id: number;
  kind: TaskKind;
}

function destination(url: URL, origin: string): Destination {
  const internal = url.origin === origin;
  return { href: internal ? `${url.pathname}${url.search}${url.hash}` : url.href, internal };
}

/** SPEC §2: a step's page is its own `h5Url` with `taskType`, `taskId` and `id` in the query. */
export function stepDestination(step: Pick<TaskStep, 'id' | 'h5Url'>, task: TaskRef, origin: string): Destination {
  const url = new URL(step.h5Url, origin);
  url.searchParams.set('taskType', task.kind);
  url.searchParams.set('taskId', String(task.id));
  url.searchParams.set('id', String(step.id));
  return destination(url, origin);
}

/** SPEC §2: after a step, the next step's page; with none left, the hall showing that kind. */
export function afterStepDestination(next: Pick<TaskStep, 'id' | 'h5Url'> | null, task: TaskRef, origin: string): Destination {
  if (next) return stepDestination(next, task, origin);
  return { href: `${PATHS.home}?taskType=${encodeURIComponent(task.kind)}`, internal: true };
}

/** The task detail page of a task: where the hall sends every card. */
export function taskDetailHref(task: TaskRef): string {
  return `${PATHS.taskDetail}?taskId=${task.id}&taskType=${encodeURIComponent(task.kind)}`;
}

/**
 * Where a hall card leads. A task that is one page of its own (online time: the time is earned on
 * that page, there is nothing to start) opens it directly; every other card opens the detail page,
 * which is also where a task above the earner's level explains the level it needs.
 */
export function cardHref(task: TaskRef & { locked: boolean; taskBranchList: readonly Pick<TaskStep, 'id' | 'h5Url' | 'action'>[] }, origin: string): string {
  const [first] = task.taskBranchList;
  if (task.locked || first?.action !== 'hang') return taskDetailHref(task);
  const page = stepDestination(first, task, origin);
  return page.internal ? page.href : taskDetailHref(task);
}

/** Progress counts attempts of a task's steps; a task without steps (a redemption code) has none to show. */
export function showsProgress(task: { taskBranchList: readonly unknown[] }): boolean {
  return task.taskBranchList.length > 0;
}
