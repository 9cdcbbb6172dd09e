import { taskList } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TaskCatalogue } from './tasks.catalogue';

export function tasksRoutes(app: FastifyInstance, catalogue: TaskCatalogue): void {
  route(app, taskList, (input) => catalogue.list(input.taskType));
}
