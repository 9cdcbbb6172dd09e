import { queryOptions } from '@tanstack/react-query';
import type { CallOptions } from '../api/api-client';
import { type Task, type TaskDetail, type TaskKind, taskAuditLog, taskDetail, taskList, taskTgUrl } from '../contracts/task.contracts';
import { fetchEndpoint, queryClient } from './query-client';
import { noteRewardCollected } from '../store/milestones';
import { balanceChanged } from './user.queries';

/** How long a task list counts as fresh: the host's early request is then taken by the hall (preload). */
export const TASK_LIST_FRESH_MS = 10_000;

export const taskKeys = {
  all: ['tasks'] as const,
  list: (taskType?: TaskKind) => ['tasks', 'list', taskType ?? 'all'] as const,
  detail: (taskId: number) => ['tasks', 'detail', taskId] as const,
  tgUrl: (taskId: number) => ['tasks', 'tgUrl', taskId] as const,
  auditLog: (taskId: number, page: number) => ['tasks', 'auditLog', taskId, page] as const,
};

/**
 * A task whose status moved since the client last saw it was decided or reset by the server (a
 * review, a reset time): the points it brought are in the balance or leaving `pending`.
 */
function statusMoved(before: Pick<Task, 'id' | 'status'>[] | undefined, after: Pick<Task, 'id' | 'status'>[]): boolean {
  if (!before) return false;
  const seen = new Map(before.map((task) => [task.id, task.status]));
  return after.some((task) => seen.has(task.id) && seen.get(task.id) !== task.status);
}

/** The list or detail the server answered; a decision it reveals makes the balance stale. */
async function fetchNoticingDecisions<T extends Pick<Task, 'id' | 'status'>>(key: readonly unknown[], fetch: () => Promise<T | T[]>): Promise<T | T[]> {
  const before = queryClient.getQueryData<T | T[]>(key);
  const after = await fetch();
  const list = (value: T | T[]) => (Array.isArray(value) ? value : [value]);
  if (statusMoved(before && list(before), list(after))) void balanceChanged();
  return after;
}

/** `GET /app/task/list`, all kinds or one (`taskType`); `call` only for a quiet early request. */
export const taskListQuery = (taskType?: TaskKind, call?: CallOptions) => {
  const queryKey = taskKeys.list(taskType);
  return queryOptions({
    queryKey,
    queryFn: async () => {
      const tasks = (await fetchNoticingDecisions(queryKey, () => fetchEndpoint(taskList, taskType ? { taskType } : {}, call))) as Task[];
      // A task done at least once, here or on another phone, is the first reward the install prompt waits for.
      if (tasks.some((task) => task.status === 'completed' || task.progress.done > 0)) noteRewardCollected();
      return tasks;
    },
    staleTime: TASK_LIST_FRESH_MS,
  });
};

/** `GET /app/task/detail`: the task with the earner's current run. */
export const taskDetailQuery = (taskId: number) => {
  const queryKey = taskKeys.detail(taskId);
  return queryOptions({
    queryKey,
    queryFn: () => fetchNoticingDecisions(queryKey, () => fetchEndpoint(taskDetail, { taskId })) as Promise<TaskDetail>,
  });
};

/** `GET /app/task/tg-url`: the group link of a join-group task. */
export const taskTgUrlQuery = (taskId: number) => queryOptions({ queryKey: taskKeys.tgUrl(taskId), queryFn: () => fetchEndpoint(taskTgUrl, { taskId }) });

/** `GET /app/task/audit-log`: one page (20) of the earner's submissions for a task, newest first. */
export const auditLogQuery = (taskId: number, page = 1) =>
  queryOptions({ queryKey: taskKeys.auditLog(taskId, page), queryFn: () => fetchEndpoint(taskAuditLog, { taskId, page }) });

/**
 * After the earner moved a task on (a step, a submission, a collect): its detail, the lists and the
 * submission history ask again, and so does the balance (pending points, rewards).
 * `refetchShown: false` only marks the tasks stale: the screen that made the change keeps what it
 * shows (a credit's confirmation), and every task screen asks again when it next shows.
 */
export function tasksChanged({ refetchShown = true }: { refetchShown?: boolean } = {}): Promise<void> {
  const tasks = queryClient.invalidateQueries({ queryKey: taskKeys.all, refetchType: refetchShown ? 'active' : 'none' });
  return Promise.all([tasks, balanceChanged()]).then(() => undefined);
}
