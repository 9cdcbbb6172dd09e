import { PRESENCE_SLOTS } from '../../db/schema';

/** One half-minute of presence: `PRESENCE_SLOTS` of them make a UTC day. */
export const SLOT_MS = 30_000;
const DAY_MS = 24 * 3_600_000;

export interface Slot {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** 0 … PRESENCE_SLOTS - 1. */
  slot: number;
}

export function slotOf(at: Date): Slot {
  const ms = at.getTime();
  const dayStart = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  return { day: new Date(dayStart).toISOString().slice(0, 10), slot: Math.min(PRESENCE_SLOTS - 1, Math.floor((ms - dayStart) / SLOT_MS)) };
}

/** When a slot of a day begins. */
export function slotStart(day: string, slot: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + slot * SLOT_MS);
}

/** Whole minutes a day's presence counts for: what the row derived, up to the day's cap. */
export function countedMinutes(seconds: number, capMinutes: number): number {
  return Math.min(Math.floor(seconds / 60), capMinutes);
}
