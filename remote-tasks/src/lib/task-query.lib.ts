import { TaskKind } from '@grab/shared';

export interface TaskQuery {
  taskId: number | null;
  taskType: TaskKind | null;
  /** The step this page is for (`id` in SPEC §2's query). */
  stepId: number | null;
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 && value <= 2_147_483_647 ? value : null;
}

/** Reads a task page's query; anything malformed becomes null, and the page says the link is broken. */
export function readTaskQuery(params: URLSearchParams): TaskQuery {
  const kind = TaskKind.safeParse(params.get('taskType'));
  return {
    taskId: positiveId(params.get('taskId')),
    taskType: kind.success ? kind.data : null,
    stepId: positiveId(params.get('id')),
  };
}
