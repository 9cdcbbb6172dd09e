/**
 * SPEC §4's draw state machine, without a canvas: idle → accelerating → constant speed (waiting for
 * the result) → decelerating → idle.
 * - `play` works only when idle.
 * - `stop` works only when not idle and not decelerating. The slot machine's stop takes one prize
 *   index for every reel or an array with one index per reel; an array of the wrong length, or a value
 *   that is neither, counts as −1; −1 cancels the spin back to idle. The wheel and the grid take one
 *   index. An index that is not a whole number naming a prize also counts as −1: landing on a prize the
 *   server did not pick would show the earner a wrong result.
 * - A stop during acceleration is kept: the widget finishes accelerating, then decelerates onto it
 *   (as lucky-canvas does). A second stop before then replaces it.
 * - At the end the prize is the one every reel shows, or none when the reels disagree.
 */

export type DrawPhase = 'idle' | 'accelerating' | 'constant' | 'decelerating';

/** Where a spin lands: a prize index, or one per reel on the slot machine. */
export type DrawTarget = number | readonly number[];

export interface DrawState {
  phase: DrawPhase;
  /** Set by an accepted stop; what the widget lands on. */
  target: readonly number[] | null;
}

export const IDLE: DrawState = { phase: 'idle', target: null };

export type DrawEvent =
  | { type: 'play' }
  /** The acceleration time has passed. */
  | { type: 'accelerated' }
  /** `target`: already normalised by `normaliseStop`; −1 cancels. */
  | { type: 'stop'; target: readonly number[] | -1 }
  /** The animation has come to rest on the target. */
  | { type: 'landed' };

/** What the widget must do after a transition. */
export type DrawEffect =
  | 'none'
  /** Refused: the event does not apply in this phase. The state is unchanged. */
  | 'refused'
  | 'start'
  /** Tell the animation where to land. */
  | 'land'
  /** Stop the animation where it is. */
  | 'cancel'
  /** Report the end of the spin. */
  | 'end';

export interface Transition {
  state: DrawState;
  effect: DrawEffect;
}

const refused = (state: DrawState): Transition => ({ state, effect: 'refused' });

export const canPlay = (phase: DrawPhase): boolean => phase === 'idle';
export const canStop = (phase: DrawPhase): boolean => phase !== 'idle' && phase !== 'decelerating';

export function transition(state: DrawState, event: DrawEvent): Transition {
  switch (event.type) {
    case 'play':
      return canPlay(state.phase) ? { state: { phase: 'accelerating', target: null }, effect: 'start' } : refused(state);
    case 'accelerated':
      if (state.phase !== 'accelerating') return { state, effect: 'none' };
      return { state: { phase: state.target ? 'decelerating' : 'constant', target: state.target }, effect: 'none' };
    case 'stop':
      if (!canStop(state.phase)) return refused(state);
      if (event.target === -1) return { state: IDLE, effect: 'cancel' };
      // During acceleration the target waits for full speed; at constant speed the landing begins.
      return {
        state: { phase: state.phase === 'accelerating' ? 'accelerating' : 'decelerating', target: event.target },
        effect: 'land',
      };
    case 'landed':
      return state.phase === 'decelerating' ? { state: IDLE, effect: 'end' } : { state, effect: 'none' };
  }
}

const isPrizeIndex = (value: unknown, prizes: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < prizes;

/**
 * A stop's argument as one index per reel (the wheel and the grid have one "reel"), or −1.
 * `reels` is null for the wheel and the grid, which take one index; for the slot machine it is each
 * reel's order (the prize indexes it shows): a reel cannot land on a prize it does not show.
 */
export function normaliseStop(input: unknown, prizes: number, reels: readonly (readonly number[])[] | null): readonly number[] | -1 {
  if (reels === null) return isPrizeIndex(input, prizes) ? [input] : -1;
  const perReel = typeof input === 'number' ? reels.map(() => input) : input;
  if (!Array.isArray(perReel) || perReel.length !== reels.length) return -1;
  const fits = perReel.every((index, reel) => isPrizeIndex(index, prizes) && (reels[reel]?.includes(index) ?? false));
  return fits ? [...perReel] : -1;
}

/** The prize index every reel shows, or undefined when they disagree (wheel and grid: their one index). */
export function landedPrize(target: readonly number[]): number | undefined {
  const [first] = target;
  return first !== undefined && target.every((index) => index === first) ? first : undefined;
}
