import { z } from 'zod/mini';
import { endpoint, Points } from './envelope';

/** Task kinds of SPEC §1; `taskType` in queries names one of these. */
export const TaskKind = z.enum(['joinGroup', 'share', 'hang', 'messaging', 'audit', 'registration', 'appDownload', 'redeemCode']);
export type TaskKind = z.infer<typeof TaskKind>;

export const TaskSchedule = z.enum(['once', 'recurring', 'timed']);
export type TaskSchedule = z.infer<typeof TaskSchedule>;

export const TaskStatus = z.enum(['notStarted', 'inProgress', 'underReview', 'passed', 'failed', 'completed', 'closed']);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TaskStep = z.object({
  id: z.int(),
  /** The step's own page address; the client opens it with taskType, taskId and id (SPEC §2). */
  h5Url: z.string(),
  title: z.string(),
});
export type TaskStep = z.infer<typeof TaskStep>;

export const Task = z.object({
  id: z.int(),
  kind: TaskKind,
  schedule: TaskSchedule,
  title: z.string(),
  description: z.string(),
  reward: Points,
  minLevel: z.int().check(z.gte(1), z.lte(11)),
  /** Recurring tasks: the time of day (UTC, HH:MM) at which progress resets. */
  resetTime: z.nullable(z.string()),
  /** Timed tasks: when the task closes (ISO 8601). */
  endsAt: z.nullable(z.string()),
  /** How many times the earner has done it in the current period, and how many count. */
  progress: z.object({ done: z.int(), total: z.int() }),
  status: TaskStatus,
  taskBranchList: z.array(TaskStep),
});
export type Task = z.infer<typeof Task>;

export const TaskListQuery = z.object({
  taskType: z.optional(TaskKind),
});

export const taskList = endpoint({ api: 'main', method: 'GET', path: '/app/task/list', auth: true, input: TaskListQuery, data: z.array(Task) });
