import { z } from 'zod/mini';
import { endpoint, Points } from './envelope';

/** The page beats this often while it is open and visible (DESIGN §2.4). */
export const HEARTBEAT_SECONDS = 30;

/** Query ids arrive as text; they are coerced, and anything that is not a positive id is refused. */
const Id = z.pipe(z.coerce.number(), z.int().check(z.gt(0), z.lte(2_147_483_647)));

export const OnlineQuery = z.object({ taskId: Id });

/**
 * `GET /app/user/online`: one heartbeat of the online page. The server notes the half-minute it
 * fell in (idempotent: a second tab or a retry in the same half-minute adds nothing) and answers
 * when to beat next. Presence is the earner's, not the tab's.
 */
export const userOnline = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/user/online',
  auth: true,
  input: OnlineQuery,
  data: z.object({ nextInSeconds: z.int() }),
});

/** SPEC §4: not online → online (continue online) → completed, points credited. */
export const OnlineState = z.enum(['notOnline', 'online', 'completed']);
export type OnlineState = z.infer<typeof OnlineState>;

export const StandbyTime = z.object({
  taskId: z.int(),
  state: OnlineState,
  /** Whole minutes of presence today (the UTC day), at most `capMinutes`. */
  todayMinutes: z.int(),
  /** Whole minutes over every day, each day counted up to its cap. */
  totalMinutes: z.int(),
  /** Minutes online for one credit of the task's reward. */
  targetMinutes: z.int(),
  /** Minutes that count in one day; presence beyond them earns nothing more. */
  capMinutes: z.int(),
  /** Credits paid today, and how many a day can hold. */
  credits: z.object({ done: z.int(), total: z.int() }),
  /** One credit's reward, hundredths of a point. */
  reward: Points,
  /** Points credited today by this task, hundredths of a point. */
  creditedToday: Points,
  /** Above the earner's level: presence earns nothing until the level is reached. */
  locked: z.boolean(),
  minLevel: z.int(),
  earnerLevel: z.int(),
});
export type StandbyTime = z.infer<typeof StandbyTime>;

/** `GET /app/task/standby-time`: where the earner stands with the online-time task today. */
export const standbyTime = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/task/standby-time',
  auth: true,
  input: OnlineQuery,
  data: StandbyTime,
});
