import { commonConfig, currencyList } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { route } from '../../http/route';
import { WELCOME_BONUS } from '../auth/auth.service';
import { listCurrencies } from './config.repository';

export const PRODUCT_TITLE = 'Grab';

export function configRoutes(app: FastifyInstance, db: Db, config: Config): void {
  route(app, commonConfig, async () => ({ title: PRODUCT_TITLE, fbId: config.fbPixelId, welcomeBonus: WELCOME_BONUS, supportUrl: null }));
  route(app, currencyList, () => listCurrencies(db));
}
