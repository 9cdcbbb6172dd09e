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
