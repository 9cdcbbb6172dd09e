import { advertisement, leadingTask, taskAuditLog, taskCollect, taskDetail as taskDetailEndpoint, taskExchange, taskList, taskTgUrl } from '@grab/shared/contracts';
import { languageFromHeader } from '@grab/shared/i18n/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { listOwnSubmissions } from './audit-log.repository';
import { redeemCode } from './redeem-codes.service';
import { recordVisit } from './share-links.service';
import { type BoardContext, listTasks, taskDetail } from './task-board.service';
import { assertOpenTo, collect, leadTask } from './task-runs.service';
import { findEarner } from './tasks.repository';

function languageOf(request: FastifyRequest) {
  return languageFromHeader(request.headers['accept-language']);
}

export function tasksRoutes(app: FastifyInstance, ctx: BoardContext, config: Config): void {
  route(app, taskList, (input, request) => listTasks(ctx, earnerOf(request).userId, languageOf(request).key, input.taskType), { reusesAnswers: true });

  route(app, taskDetailEndpoint, (input, request) =>
    taskDetail(ctx, earnerOf(request).userId, languageOf(request).key, input.taskId, config.publicOrigin),
  );

  route(app, leadingTask, (input, request) =>
    leadTask(ctx, {
      userId: earnerOf(request).userId,
      taskId: input.taskId,
      stepId: input.stepId,
      pictures: input.pictures,
      language: languageOf(request),
      origin: config.publicOrigin,
    }),
  );

  route(app, taskCollect, (input, request) => collect(ctx, earnerOf(request).userId, input.taskId));

  route(app, taskExchange, (input, request) => redeemCode(ctx.db, ctx.clock, earnerOf(request).userId, input.code, input.attempt));

  route(app, taskTgUrl, async (input, request) => {
    const { userId } = earnerOf(request);
    const task = await ctx.catalogue.get(input.taskId);
    if (task?.kind !== 'joinGroup' || !task.targetUrl) throw errors.notFound();
    const earner = await findEarner(ctx.db, userId);
    if (!earner) throw errors.unauthorized();
    assertOpenTo(task, earner.level, ctx.clock.now(userId));
    return { url: task.targetUrl };
  });

  route(app, taskAuditLog, async (input, request) =>
    listOwnSubmissions(ctx.db, earnerOf(request).userId, languageOf(request).key, { taskId: input.taskId, page: input.page ?? 1 }),
  );

  route(app, advertisement, async (input, request) => ({
    counted: await recordVisit(ctx.db, { linkId: input.linkId, userId: request.earner?.userId ?? null, visitorId: input.visitorId, ip: request.ip }),
  }));
}
