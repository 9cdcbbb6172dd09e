import { goodsClick, goodsList } from '@grab/shared/contracts';
import { languageFromHeader } from '@grab/shared/i18n/languages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { clickOffer, offersOf } from './offers.service';

/** Partner offers: `/app/currency/goods/list` and `/app/currency/goods/click` (SPEC §7). */
export function offersRoutes(app: FastifyInstance, db: Db): void {
  route(app, goodsList, (_input, request) => offersOf(db, earnerOf(request).userId, languageFromHeader(request.headers['accept-language']).key));
  route(app, goodsClick, (input, request) => clickOffer(db, earnerOf(request).userId, input.id));
}
