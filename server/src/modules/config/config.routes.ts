import { commonConfig, currencyList } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { route } from '../../http/route';
import { listCurrencies } from './config.repository';
import { publicConfigOf } from './public-config';

export function configRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const publicConfig = publicConfigOf(db, config);
  route(app, commonConfig, () => publicConfig());
  route(app, currencyList, () => listCurrencies(db));
}
