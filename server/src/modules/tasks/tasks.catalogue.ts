import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { ENDED_VISIBLE_MS } from './task-periods';
import { type CatalogueTask, listActiveTasks } from './tasks.repository';

interface Entry {
  until: number;
  tasks: Promise<CatalogueTask[]>;
}

/**
 * The catalogue is the same for every earner and changes only when an operator edits it, yet every
 * visit to Home reads it. This process reuses what it read for `ttlMs` (an edit, or a timed task's
 * end, shows at the latest that much later). The promise itself is kept, so a burst of visits after
 * expiry makes one query, not one each. Only language- and earner-independent rows are kept here;
 * each earner's part is added per request.
 */
export class TaskCatalogue {
  private entry: Entry | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  list(): Promise<CatalogueTask[]> {
    const now = this.clock.now().getTime();
    if (this.entry && this.entry.until > now) return this.entry.tasks;
    const tasks = listActiveTasks(this.db, new Date(now - ENDED_VISIBLE_MS));
    if (this.ttlMs <= 0) return tasks;
    const entry = { until: now + this.ttlMs, tasks };
    this.entry = entry;
    // A failed read is not remembered: the next visit asks the database again.
    tasks.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return tasks;
  }

  async get(taskId: number): Promise<CatalogueTask | null> {
    return (await this.list()).find((t) => t.id === taskId) ?? null;
  }

  /** For the operator's edits (a later issue): the next read sees the change at once. */
  invalidate(): void {
    this.entry = null;
  }
}
