import { taskList } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { route } from '../../http/route';
import { listActiveTasks } from './tasks.repository';

export function tasksRoutes(app: FastifyInstance, db: Db): void {
  route(app, taskList, (input) => listActiveTasks(db, input.taskType));
}
