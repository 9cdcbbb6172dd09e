import { describe, expect, it } from 'vitest';
import { type DrawState, IDLE, landedPrize, normaliseStop, transition } from './draw-machine';

const at = (phase: DrawState['phase'], target: number[] | null = null): DrawState => ({ phase, target });

describe('the draw state machine (SPEC §4)', () => {
  it('goes idle → accelerating → constant → decelerating → idle', () => {
    let step = transition(IDLE, { type: 'play' });
    expect(step).toEqual({ state: at('accelerating'), effect: 'start' });
    step = transition(step.state, { type: 'accelerated' });
    expect(step.state).toEqual(at('constant'));
    step = transition(step.state, { type: 'stop', target: [3] });
    expect(step).toEqual({ state: at('decelerating', [3]), effect: 'land' });
    step = transition(step.state, { type: 'landed' });
    expect(step).toEqual({ state: IDLE, effect: 'end' });
  });

  it('plays only when idle', () => {
    for (const phase of ['accelerating', 'constant', 'decelerating'] as const) {
      expect(transition(at(phase), { type: 'play' })).toEqual({ state: at(phase), effect: 'refused' });
    }
  });

  it('stops only when neither idle nor decelerating', () => {
    expect(transition(IDLE, { type: 'stop', target: [1] }).effect).toBe('refused');
    expect(transition(at('decelerating', [2]), { type: 'stop', target: [1] })).toEqual({ state: at('decelerating', [2]), effect: 'refused' });
    expect(transition(at('decelerating', [2]), { type: 'stop', target: -1 }).effect).toBe('refused');
  });

  it('keeps a stop made while accelerating until full speed, and a later one replaces it', () => {
    let step = transition(at('accelerating'), { type: 'stop', target: [1] });
    expect(step).toEqual({ state: at('accelerating', [1]), effect: 'land' });
    step = transition(step.state, { type: 'stop', target: [4] });
    expect(step.state).toEqual(at('accelerating', [4]));
    expect(transition(step.state, { type: 'accelerated' }).state).toEqual(at('decelerating', [4]));
  });

  it('cancels back to idle on −1, while accelerating or at full speed', () => {
    expect(transition(at('accelerating'), { type: 'stop', target: -1 })).toEqual({ state: IDLE, effect: 'cancel' });
    expect(transition(at('constant'), { type: 'stop', target: -1 })).toEqual({ state: IDLE, effect: 'cancel' });
  });

  it('ignores a landing or a late timer that no longer applies', () => {
    expect(transition(IDLE, { type: 'landed' })).toEqual({ state: IDLE, effect: 'none' });
    expect(transition(at('constant'), { type: 'landed' }).effect).toBe('none');
    expect(transition(IDLE, { type: 'accelerated' })).toEqual({ state: IDLE, effect: 'none' });
  });
});

describe('a stop argument', () => {
  const reels = [
    [0, 1, 2, 3],
    [0, 1, 2, 3],
    [3, 2, 1, 0],
  ];

  it('wheel and grid: one prize index, anything else is −1', () => {
    expect(normaliseStop(2, 4, null)).toEqual([2]);
    expect(normaliseStop(-1, 4, null)).toBe(-1);
    expect(normaliseStop(4, 4, null)).toBe(-1);
    expect(normaliseStop(1.5, 4, null)).toBe(-1);
    expect(normaliseStop('2', 4, null)).toBe(-1);
    expect(normaliseStop([2], 4, null)).toBe(-1);
    expect(normaliseStop(undefined, 4, null)).toBe(-1);
  });

  it('slot machine: one index for every reel, or one per reel', () => {
    expect(normaliseStop(2, 4, reels)).toEqual([2, 2, 2]);
    expect(normaliseStop([0, 1, 2], 4, reels)).toEqual([0, 1, 2]);
  });

  it('slot machine: a wrong-length array, a non-array or −1 counts as −1', () => {
    expect(normaliseStop([0, 1], 4, reels)).toBe(-1);
    expect(normaliseStop([0, 1, 2, 3], 4, reels)).toBe(-1);
    expect(normaliseStop({ 0: 1 }, 4, reels)).toBe(-1);
    expect(normaliseStop('1', 4, reels)).toBe(-1);
    expect(normaliseStop(-1, 4, reels)).toBe(-1);
    expect(normaliseStop([1, -1, 1], 4, reels)).toBe(-1);
  });

  it('slot machine: a reel cannot land on a prize it does not show', () => {
    expect(normaliseStop([0, 0, 0], 4, [[0, 1], [0, 1], [1, 2]])).toBe(-1);
  });

  it('gives the prize every reel shows, or nothing when they disagree', () => {
    expect(landedPrize([2, 2, 2])).toBe(2);
    expect(landedPrize([2, 1, 2])).toBeUndefined();
    expect(landedPrize([5])).toBe(5);
  });
});
