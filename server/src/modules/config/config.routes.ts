import { commonConfig, type Currency, currencyList } from '@grab/shared/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { currencies } from '../../db/schema';
import { route } from '../../http/route';
import { WELCOME_BONUS } from '../auth/auth.service';

export const PRODUCT_TITLE = 'Grab';

export function configRoutes(app: FastifyInstance, db: Db, config: Config): void {
  route(app, commonConfig, async () => ({ title: PRODUCT_TITLE, fbId: config.fbPixelId, welcomeBonus: WELCOME_BONUS, supportUrl: null }));
  route(app, currencyList, async () => {
    const rows = await db.select().from(currencies).orderBy(asc(currencies.position));
    return rows.map(
      (r): Currency => ({
        code: r.code as Currency['code'],
        language: r.language as Currency['language'],
        microsPerPoint: r.microsPerPoint,
        fractionDigits: r.fractionDigits,
      }),
    );
  });
}
