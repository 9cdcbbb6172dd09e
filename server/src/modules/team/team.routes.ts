import { shareInfo } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { invitationData } from './team.service';

export function teamRoutes(app: FastifyInstance, db: Db, config: Config): void {
  route(app, shareInfo, (_input, request) => invitationData(db, earnerOf(request).userId, config.publicOrigin));
}
