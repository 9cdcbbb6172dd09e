import { type CurrencyCode, ErrorCode, type LanguageKey, type Offer, type OfferClick, type OfferList } from '@grab/shared/contracts';
import type { Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { listOffers, type OfferRow, openableOffer, recordClick } from './offers.repository';

/**
 * The stored `discount` is tenths of the usual price that the earner pays (SPEC §9, docs/offers.md):
 * 8 means "pay 8 tenths", so 20 % off. The percent is exact because the price is rounded, not it.
 */
export function percentOff(discount: number): number {
  return 100 - 10 * discount;
}

function toOffer(row: OfferRow, language: LanguageKey): Offer {
  return {
    id: row.id,
    partner: row.partner,
    title: row.texts[language]?.title || row.title,
    icon: row.icon,
    currency: row.currency as CurrencyCode,
    fractionDigits: row.fractionDigits,
    listPrice: row.listPrice,
    price: row.price,
    discount: row.discount,
    percentOff: percentOff(row.discount),
    url: row.url,
    clicked: row.clicked,
  };
}

export async function offersOf(db: Executor, userId: number, language: LanguageKey): Promise<OfferList> {
  return { offers: (await listOffers(db, userId)).map((row) => toOffer(row, language)) };
}

/**
 * Only an active offer of the earner's own currency can be opened: another market's offer, a
 * switched-off one and an id that never existed all answer alike, and nothing is written.
 */
export async function clickOffer(db: Executor, userId: number, offerId: number): Promise<OfferClick> {
  const offer = await openableOffer(db, userId, offerId);
  if (!offer) throw new AppError(ErrorCode.notFound, 'errors.offerUnknown');
  const first = await recordClick(db, userId, offer.id);
  return { url: offer.url, first };
}
