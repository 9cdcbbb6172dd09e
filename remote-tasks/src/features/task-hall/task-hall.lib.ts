import { PATHS, type Task, TaskKind } from '@grab/shared';

/** Where a task stands for the earner, in the order Home shows them: what can be done now comes first. */
export const STANDINGS = ['available', 'inProgress', 'done', 'unavailable'] as const;
export type Standing = (typeof STANDINGS)[number];

export interface TaskGroup {
  standing: Standing;
  tasks: Task[];
}

const APP_PATHS = new Set<string>(Object.values(PATHS));

/**
 * A task can run here when each of its steps opens a page this app has (or another site). A kind
 * whose page does not exist would only lead to "not supported": it gets no Start.
 */
export function canRun(task: Pick<Task, 'taskBranchList'>, origin = 'https://app.invalid'): boolean {
  return task.taskBranchList.every((step) => {
    const url = new URL(step.h5Url, origin);
    return url.origin !== origin || APP_PATHS.has(url.pathname);
  });
}

export function standingOf(task: Task): Standing {
  if (task.locked || task.status === 'closed' || !canRun(task)) return 'unavailable';
  if (task.status === 'completed') return 'done';
  if (task.status === 'inProgress' || task.status === 'underReview') return 'inProgress';
  return 'available';
}

// Inside "available now": a reward waiting to be collected first, then a retry, then new tasks.
const STATUS_ORDER: Partial<Record<Task['status'], number>> = { passed: 0, failed: 1, notStarted: 2 };

/** Home's groups: available now, in progress, done, then locked or closed; empty groups left out. */
export function groupByStanding(tasks: readonly Task[]): TaskGroup[] {
  const kindOrder = (task: Task) => TaskKind.options.indexOf(task.kind);
  return STANDINGS.map((standing) => ({
    standing,
    tasks: tasks
      .filter((task) => standingOf(task) === standing)
      .sort((a, b) => (STATUS_ORDER[a.status] ?? 9) - (STATUS_ORDER[b.status] ?? 9) || kindOrder(a) - kindOrder(b)),
  })).filter((group) => group.tasks.length > 0);
}
