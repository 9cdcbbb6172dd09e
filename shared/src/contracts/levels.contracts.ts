import { z } from 'zod/mini';
import { endpoint, Empty, Nothing, Points } from './envelope';

export const MAX_LEVEL = 11;

/** SPEC §6: what each level adds; a level keeps every right below it. Keys under `levels.rights.` in every language. */
export const LEVEL_RIGHTS: Readonly<Record<number, readonly string[]>> = {
  1: ['levelTasks'],
  2: ['levelTasks'],
  3: ['levelTasks'],
  4: ['serviceGroup'],
  5: ['merchant'],
  6: [],
  7: ['exclusiveService'],
  8: ['annualActivities'],
  9: ['taskProposals'],
  10: ['taskVoting'],
  11: ['governance'],
};

export const LevelRule = z.object({
  level: z.int(),
  /** Lifetime task rewards needed, hundredths of a point. */
  minTaskPoints: Points,
  /** Direct invitees with an approved task needed. */
  minActiveInvitees: z.int(),
  /** What this level adds (keys of LEVEL_RIGHTS). */
  rights: z.array(z.string()),
});
export type LevelRule = z.infer<typeof LevelRule>;

export const LevelInfo = z.object({
  level: z.int(),
  levels: z.array(LevelRule),
  /** The earner's figures in the units that decide a level. */
  taskPoints: Points,
  activeInvitees: z.int(),
  /** The rule of the next level, null at LV11. */
  next: z.nullable(LevelRule),
  /** A level reached and not yet shown to the earner ("You reached LV n", once); null when none. */
  unseenLevelUp: z.nullable(z.int()),
});
export type LevelInfo = z.infer<typeof LevelInfo>;

export const levelInfo = endpoint({ api: 'main', method: 'GET', path: '/app/user/level-info', auth: true, input: Empty, data: LevelInfo });
/** The earner has seen the level-up notice of `level`: it is not shown again. */
export const levelSeen = endpoint({ api: 'main', method: 'POST', path: '/app/user/level-seen', auth: true, input: z.object({ level: z.int().check(z.gte(1), z.lte(MAX_LEVEL)) }), data: Nothing });
