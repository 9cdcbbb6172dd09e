import { type Task, TaskKind } from '@grab/shared';

export interface TaskGroup {
  kind: TaskKind;
  tasks: Task[];
}

/** Groups in the product's fixed kind order, so the hall looks the same on every visit. */
export function groupByKind(tasks: readonly Task[]): TaskGroup[] {
  return TaskKind.options
    .map((kind) => ({ kind, tasks: tasks.filter((task) => task.kind === kind) }))
    .filter((group) => group.tasks.length > 0);
}

/**
 * SPEC §2: a step's page is its `h5Url` with `taskType`, `taskId` and `id` in the query. Same-origin
 * addresses come back as a path for the router; others stay absolute.
 */
export function firstStepHref(task: Task, origin: string): { href: string; internal: boolean } | null {
  const step = task.taskBranchList[0];
  if (!step) return null;
  const url = new URL(step.h5Url, origin);
  url.searchParams.set('taskType', task.kind);
  url.searchParams.set('taskId', String(task.id));
  url.searchParams.set('id', String(step.id));
  const internal = url.origin === origin;
  return { href: internal ? `${url.pathname}${url.search}${url.hash}` : url.href, internal };
}

/** Whole hours until a timed task closes, rounded up; 0 once it has ended. */
export function hoursLeft(endsAt: string, now: number): number {
  const ms = Date.parse(endsAt) - now;
  return ms > 0 ? Math.ceil(ms / 3_600_000) : 0;
}

/** `resetTime` is HH:MM in UTC; the earner reads it on their own clock. */
export function localResetTime(resetTime: string, tag: string, now: number): string {
  const [hours, minutes] = resetTime.split(':').map(Number);
  const date = new Date(now);
  date.setUTCHours(hours ?? 0, minutes ?? 0, 0, 0);
  return new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }).format(date);
}
