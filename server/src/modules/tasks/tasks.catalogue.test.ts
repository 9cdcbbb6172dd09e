import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { listedAt, TaskCatalogue } from './tasks.catalogue';
import type { CatalogueTask } from './tasks.repository';

const HOUR_MS = 3_600_000;
const START = Date.parse('2026-11-27T00:00:00Z');

function task(id: number, timing: Partial<CatalogueTask>): CatalogueTask {
  return {
    id, kind: id % 2 === 0 ? 'joinGroup' : 'appDownload', active: true, title: `t${id}`, description: '', reward: 10, minLevel: 1,
    timesPerPeriod: 1, texts: {}, targetUrl: null, showsInviteLink: false, proofPictures: 0, pictureLabels: [], visitsNeeded: 0, dailyCap: null, steps: [],
    schedule: 'once', resetTime: null, startsAt: null, endsAt: null, ...timing,
  } as CatalogueTask;
}

/** A catalogue of every kind of timing: resets, a window that opens, tasks that end and leave the list. */
const catalogue: CatalogueTask[] = [
  task(1, { schedule: 'recurring', resetTime: '09:30', dailyCap: 5 }),
  task(2, { schedule: 'recurring', resetTime: '22:00' }),
  task(3, { schedule: 'timed', endsAt: new Date(START + 30 * HOUR_MS + 1_234) }),
  task(4, { startsAt: new Date(START + 40 * HOUR_MS), dailyCap: 2 }),
  task(5, { schedule: 'timed', endsAt: new Date(START + 3 * HOUR_MS) }),
  task(6, {}),
];

function catalogueOf(tasks: CatalogueTask[]): { catalogue: TaskCatalogue; list: ReturnType<typeof vi.fn> } {
  const kept = new TaskCatalogue(null as unknown as Db, 60_000, { now: () => new Date(START) });
  const list = vi.fn(async () => tasks);
  kept.list = list;
  return { catalogue: kept, list };
}

const shown = ({ tasks, periods, periodsKey, capped, day }: ReturnType<typeof listedAt>) => ({ ids: tasks.map((t) => t.id), periods, periodsKey, capped, day });

describe('TaskCatalogue.listed', () => {
  it('answers at every instant exactly what working it out afresh would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 * 24 * HOUR_MS }), fc.constantFrom(undefined, 'joinGroup' as const, 'appDownload' as const)), { minLength: 1, maxLength: 40 }),
        async (asks) => {
          const { catalogue: kept } = catalogueOf(catalogue);
          // Instants in any order, as earners on moved test clocks ask.
          for (const [offset, kind] of asks) {
            const now = new Date(START + offset);
            expect(shown(await kept.listed(now, kind))).toEqual(shown(listedAt(catalogue, now, kind)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hands out the same view until the next instant that changes it, then a new one', async () => {
    const { catalogue: kept } = catalogueOf(catalogue);
    const first = await kept.listed(new Date(START));
    expect(await kept.listed(new Date(first.until - 1))).toBe(first);
    const next = await kept.listed(new Date(first.until));
    expect(next).not.toBe(first);
    // The first change: task 3, ending 30 h 1.234 s after START, shows 30 hours left instead of 31.
    expect(first.until).toBe(START + 1_234);
  });

  it('makes a new view when the catalogue is read again', async () => {
    const { catalogue: kept, list } = catalogueOf(catalogue);
    const first = await kept.listed(new Date(START));
    const edited = [...catalogue.slice(1)];
    list.mockResolvedValue(edited);
    const after = await kept.listed(new Date(START));
    expect(after).not.toBe(first);
    expect(after.tasks.map((t) => t.id)).toEqual([2, 3, 4, 5, 6]);
    expect(after.capped).toEqual([4]);
  });
});
