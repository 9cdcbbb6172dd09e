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

/** Progress counts attempts of a task's steps; a task without steps (a redemption code) has none to show. */
export function showsProgress(task: { taskBranchList: readonly unknown[] }): boolean {
  return task.taskBranchList.length > 0;
}
