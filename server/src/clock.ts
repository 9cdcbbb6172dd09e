/**
 * Where the task engine reads "now". Periods, resets, timed endings and daily caps are decided
 * against this, never against the database's now(), so that tests can move one earner through
 * time (a reset, an ending) while every other earner stays on the real clock.
 */
export interface Clock {
  now(userId?: number): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * The system clock shifted per earner. Only built when test hooks are on: offsets live in this
 * process, which is fine for a test server and wrong for anything with more than one process.
 */
export class OffsetClock implements Clock {
  private readonly offsets = new Map<number, number>();

  now(userId?: number): Date {
    const offset = userId === undefined ? 0 : (this.offsets.get(userId) ?? 0);
    return new Date(Date.now() + offset);
  }

  setOffset(userId: number, offsetMs: number): void {
    if (offsetMs === 0) this.offsets.delete(userId);
    else this.offsets.set(userId, offsetMs);
  }
}
