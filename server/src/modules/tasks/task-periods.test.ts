import { describe, expect, it } from 'vitest';
import { hoursLeft, periodOf, shownUntil, stillListed, type TaskTiming, windowClosed } from './task-periods';

const at = (iso: string) => new Date(iso);
const task = (timing: Partial<TaskTiming>): TaskTiming => ({ schedule: 'once', resetTime: null, startsAt: null, endsAt: null, ...timing });

/** Everything the list shows of `t` that time alone decides. */
const shown = (t: TaskTiming, now: Date) => [periodOf(t, now), windowClosed(t, now), hoursLeft(t, now), stillListed(t, now), now.toISOString().slice(0, 10)];

describe('shownUntil', () => {
  const cases: [string, TaskTiming][] = [
    ['a recurring task resets', task({ schedule: 'recurring', resetTime: '09:30' })],
    ['a timed task loses an hour, ends, then leaves the list', task({ schedule: 'timed', endsAt: at('2026-11-27T12:20:00Z') })],
    ['a window opens', task({ startsAt: at('2026-11-27T10:05:00Z') })],
    ['the UTC day ends', task({})],
  ];
  for (const [name, t] of cases) {
    it(`is the first instant at which ${name}`, () => {
      let now = at('2026-11-27T08:00:00.000Z');
      for (let step = 0; step < 6; step++) {
        const until = shownUntil([t], now);
        expect(until).toBeGreaterThan(now.getTime());
        // Nothing changes up to the instant before it; something does at it.
        expect(shown(t, new Date(until - 1))).toEqual(shown(t, now));
        expect(shown(t, new Date(until))).not.toEqual(shown(t, now));
        now = new Date(until);
      }
    });
  }

  it('takes the earliest of several tasks', () => {
    const now = at('2026-11-27T08:00:00Z');
    const ended = task({ schedule: 'timed', endsAt: at('2026-11-27T07:00:00Z') });
    expect(shownUntil([task({ schedule: 'recurring', resetTime: '23:00' }), ended], now)).toBe(at('2026-11-27T23:00:00Z').getTime());
    expect(shownUntil([task({ schedule: 'recurring', resetTime: '23:00' }), ended, task({ startsAt: at('2026-11-27T09:00:00Z') })], now)).toBe(at('2026-11-27T09:00:00Z').getTime());
  });
});
