import type { Task } from '@grab/shared/contracts';
import type { CatalogueTask, EarnerRuns } from './tasks.repository';

/** What one earner's list was made of: the answer holds while all of it is the same. */
export interface ListInputs {
  catalogue: readonly CatalogueTask[];
  earner: EarnerRuns;
  counts: ReadonlyMap<number, number>;
}

interface Entry extends ListInputs {
  /** The clock's time it was made at, and the first instant time alone changes it (`shownUntil`). */
  from: number;
  until: number;
  tasks: Task[];
}

/**
 * Home's task list of one earner, kept as long as it is exactly what would be made again: the same
 * catalogue, earner read and daily counts (the objects the process caches hand out, so a write of
 * this process or an expiry there makes a new one and drops this), and a clock before the next
 * instant that changes it. Handing out the same array lets the route send its JSON again.
 */
export class TaskListMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string, inputs: ListInputs, now: number): Task[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.catalogue === inputs.catalogue && entry.earner === inputs.earner && entry.counts === inputs.counts && now >= entry.from && now < entry.until) {
      return entry.tasks;
    }
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, inputs: ListInputs, from: number, until: number, tasks: Task[]): Task[] {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first out: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...inputs, from, until, tasks });
    return tasks;
  }
}
