import { HEARTBEAT_SECONDS, type OnlineState, type StandbyTime, standbyTime, userOnline } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { creditOnlineTime, creditsDue, type OnlineRules } from '../tasks/online-credits.service';
import { windowClosed } from '../tasks/task-periods';
import type { TaskCatalogue } from '../tasks/tasks.catalogue';
import { taskErrors } from '../tasks/tasks.errors';
import type { CatalogueTask } from '../tasks/tasks.repository';
import { PresenceBuffer } from './presence-buffer';
import { countedMinutes, SLOT_MS, slotStart } from './presence-slots';
import { totalMinutes } from './presence.repository';

export interface PresenceContext {
  db: Db;
  clock: Clock;
  catalogue: TaskCatalogue;
  rules: OnlineRules;
  flushMs: number;
}

/** A beat this recent (two missed beats end a session) still means the page is open. */
const ONLINE_WINDOW_MS = 2 * HEARTBEAT_SECONDS * 1000 + SLOT_MS;

async function onlineTask(catalogue: TaskCatalogue, taskId: number): Promise<CatalogueTask> {
  const task = await catalogue.get(taskId);
  if (!task?.active || task.kind !== 'hang') throw errors.notFound();
  return task;
}

/**
 * `/app/user/online` (the heartbeat) and `/app/task/standby-time` (where the earner stands). The
 * heartbeat reads nothing from the database: the task comes from the cached catalogue and the
 * beat goes to the buffer, which a graceful stop flushes.
 */
export function presenceRoutes(app: FastifyInstance, ctx: PresenceContext): PresenceBuffer {
  const credit = async (userId: number) => {
    for (const task of await ctx.catalogue.list()) {
      if (task.kind === 'hang') await creditOnlineTime(ctx.db, task, userId, ctx.clock.now(userId), ctx.rules);
    }
  };
  const buffer = new PresenceBuffer(ctx.db, {
    flushMs: ctx.flushMs,
    // Credit as soon as a flush carries an earner past a target, whether or not their page asks.
    onFlushed: async (days) => {
      const per = (seconds: number) => Math.floor(countedMinutes(seconds, ctx.rules.capMinutes) / ctx.rules.targetMinutes);
      for (const day of days) if (per(day.seconds) > per(day.before)) await credit(day.userId);
    },
    onError: (error) => app.log.error({ err: error }, 'presence flush or credit failed; kept for the next one'),
  });
  buffer.start();
  app.addHook('onClose', async () => {
    await buffer.stop();
  });

  route(app, userOnline, async (input, request) => {
    const { userId } = earnerOf(request);
    const task = await onlineTask(ctx.catalogue, input.taskId);
    const now = ctx.clock.now(userId);
    const closed = windowClosed(task, now);
    if (closed) throw taskErrors.closed(closed);
    buffer.note(userId, now);
    return { nextInSeconds: HEARTBEAT_SECONDS };
  });

  route(app, standbyTime, async (input, request): Promise<StandbyTime> => {
    const { userId } = earnerOf(request);
    const task = await onlineTask(ctx.catalogue, input.taskId);
    const now = ctx.clock.now(userId);
    const credited = await creditOnlineTime(ctx.db, task, userId, now, ctx.rules);
    if (!credited) throw errors.unauthorized();
    const done = credited.runs.filter((r) => r.status === 'completed');
    const todayMinutes = countedMinutes(credited.seconds, ctx.rules.capMinutes);
    const lastSeen = Math.max(buffer.lastBeatOf(userId) ?? 0, credited.lastSlot === null ? 0 : slotStart(now.toISOString().slice(0, 10), credited.lastSlot).getTime());
    const total = Math.max(creditsDue(task, ctx.rules.capMinutes, ctx.rules), 1);
    let state: OnlineState = 'notOnline';
    if (done.length >= Math.min(total, task.timesPerPeriod)) state = 'completed';
    else if (lastSeen > 0 && now.getTime() - lastSeen <= ONLINE_WINDOW_MS) state = 'online';
    return {
      taskId: task.id,
      state,
      todayMinutes,
      totalMinutes: await totalMinutes(ctx.db, userId, ctx.rules.capMinutes),
      targetMinutes: ctx.rules.targetMinutes,
      capMinutes: ctx.rules.capMinutes,
      credits: { done: done.length, total },
      reward: task.reward,
      creditedToday: done.reduce((sum, r) => sum + (r.rewardPaid ?? 0), 0),
      locked: credited.level < task.minLevel,
      minLevel: task.minLevel,
      earnerLevel: credited.level,
    };
  });

  return buffer;
}
