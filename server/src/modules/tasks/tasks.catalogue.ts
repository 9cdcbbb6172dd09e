import type { TaskKind } from '@grab/shared/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { ENDED_VISIBLE_MS, periodOf, shownUntil, stillListed, utcDay } from './task-periods';
import { type CatalogueTask, listActiveTasks } from './tasks.repository';

interface Entry {
  until: number;
  tasks: Promise<CatalogueTask[]>;
}

/** What Home lists at an instant: the same for every earner, so worked out once, not per visit. */
export interface ListedTasks {
  tasks: readonly CatalogueTask[];
  /** The periods the earner's runs are read for, and the same joined, as a cache key. */
  periods: readonly string[];
  periodsKey: string;
  /** The listed tasks with a daily cap, and the UTC day their caps count in. */
  capped: readonly number[];
  day: string;
  /** The clock's time it was worked out at, and the first instant time alone changes it (`shownUntil`). */
  from: number;
  until: number;
}

interface View extends ListedTasks {
  catalogue: readonly CatalogueTask[];
}

/** What is listed at `now`, worked out afresh (`TaskCatalogue.listed` keeps it). */
export function listedAt(catalogue: readonly CatalogueTask[], now: Date, kind?: TaskKind): ListedTasks {
  const tasks = catalogue.filter((t) => (!kind || t.kind === kind) && stillListed(t, now));
  const periods = [...new Set(tasks.map((t) => periodOf(t, now)))];
  return {
    tasks,
    periods,
    periodsKey: periods.join(','),
    capped: tasks.filter((t) => t.dailyCap !== null).map((t) => t.id),
    day: utcDay(now),
    from: now.getTime(),
    until: shownUntil(tasks, now),
  };
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
  /** One view per kind asked for ('' for all), of the catalogue it was made of. */
  private readonly views = new Map<string, View>();

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

  /**
   * The tasks Home lists at `now` (all, or of one kind), with their periods and caps. Kept while the
   * catalogue is the same array and `now` is before the next instant that changes what is listed.
   */
  async listed(now: Date, kind?: TaskKind): Promise<ListedTasks> {
    const catalogue = await this.list();
    const at = now.getTime();
    const kept = this.views.get(kind ?? '');
    if (kept && kept.catalogue === catalogue && at >= kept.from && at < kept.until) return kept;
    const view = { ...listedAt(catalogue, now, kind), catalogue };
    this.views.set(kind ?? '', view);
    return view;
  }

  async get(taskId: number): Promise<CatalogueTask | null> {
    return (await this.list()).find((t) => t.id === taskId) ?? null;
  }

  /** For the operator's edits (a later issue): the next read sees the change at once. */
  invalidate(): void {
    this.entry = null;
  }
}
