import { type LanguageKey, type Offer, type OfferClick, type OfferList, percentOff } from '@grab/shared/contracts';
import type { Executor } from '../../db/database';
import { errors } from '../../http/app-error';
import { currencyOf, listOffers, openOffer, recordClick } from './offers.repository';

export async function offersOf(db: Executor, userId: number, language: LanguageKey): Promise<OfferList> {
  const currency = await currencyOf(db, userId);
  if (!currency) throw errors.unauthorized();
  const rows = await listOffers(db, userId, currency);
  return {
    offers: rows.map(
      (row): Offer => ({
        id: row.id,
        partner: row.partner,
        title: row.texts[language]?.title || row.title,
        currency: row.currency as Offer['currency'],
        fractionDigits: row.fractionDigits,
        price: row.price,
        listPrice: row.listPrice,
        percentOff: percentOff(row.price, row.listPrice),
        url: row.url,
        clicked: row.clicked,
      }),
    ),
  };
}

/**
 * Only an offer of the earner's own currency can be clicked: any other id, however real, answers
 * as not found, so ids reveal nothing about other markets.
 */
export async function clickOffer(db: Executor, userId: number, offerId: number): Promise<OfferClick> {
  const currency = await currencyOf(db, userId);
  if (!currency) throw errors.unauthorized();
  const offer = await openOffer(db, offerId, currency);
  if (!offer) throw errors.offerUnknown();
  const first = await recordClick(db, userId, offer.id);
  return { url: offer.url, first };
}
