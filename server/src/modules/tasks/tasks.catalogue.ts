import type { Task, TaskKind } from '@grab/shared/contracts';
import type { Db } from '../../db/database';
import { listActiveTasks } from './tasks.repository';

interface Entry {
  until: number;
  tasks: Promise<Task[]>;
}

/**
 * The catalogue is the same for every earner and changes only when an operator edits it, yet every
 * visit to Home reads it. This process reuses what it read for `ttlMs` (an edit, or a timed task's
 * end, shows at the latest that much later). The promise itself is kept, so a burst of visits after
 * expiry makes one query, not one each.
 */
export class TaskCatalogue {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  list(kind?: TaskKind, now = Date.now()): Promise<Task[]> {
    if (this.ttlMs <= 0) return listActiveTasks(this.db, kind);
    const key = kind ?? '*';
    const cached = this.entries.get(key);
    if (cached && cached.until > now) return cached.tasks;
    const tasks = listActiveTasks(this.db, kind);
    this.entries.set(key, { until: now + this.ttlMs, tasks });
    // A failed read is not remembered: the next visit asks the database again.
    tasks.catch(() => {
      if (this.entries.get(key)?.tasks === tasks) this.entries.delete(key);
    });
    return tasks;
  }

  /** For the operator's edits (a later issue): the next read sees the change at once. */
  invalidate(): void {
    this.entries.clear();
  }
}
