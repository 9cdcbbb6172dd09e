import { levelInfo, levelSeen } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { levelInfoOf, markLevelSeen } from './levels.service';

export function levelsRoutes(app: FastifyInstance, db: Db): void {
  route(app, levelInfo, (_input, request) => levelInfoOf(db, earnerOf(request).userId));
  route(app, levelSeen, (input, request) => markLevelSeen(db, earnerOf(request).userId, input.level));
}
