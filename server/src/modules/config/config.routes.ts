import { commonConfig, currencyList } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { route } from '../../http/route';
import { WELCOME_BONUS } from '../auth/auth.service';
import { listCurrencies } from './config.repository';
import { settingsDefaults, settingsOf } from './operator-settings.repository';

export function configRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const defaults = settingsDefaults(config);
  // Read on every call: the operator's title and pixel apply from the next page load, in every process.
  route(app, commonConfig, async () => {
    const settings = await settingsOf(db, defaults);
    return { title: settings.title, fbId: settings.fbPixelId, welcomeBonus: WELCOME_BONUS, supportUrl: null };
  });
  route(app, currencyList, () => listCurrencies(db));
}
