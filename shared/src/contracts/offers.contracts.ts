import { z } from 'zod/mini';
import { endpoint, Empty } from './envelope';
import { CurrencyCode } from './user.contracts';

/**
 * Partner offers (SPEC §7 "goods"): discounted goods an operator lists per currency. The earner
 * only looks and taps; nothing is bought or paid here, so no amount ever moves in the ledger.
 *
 * SPEC §9 shows a discount as "tenths times ten percent off" (8 → "80 % off"), which reads two
 * ways. The server therefore sends both prices and the share saved, and the screen names the
 * price to pay and the saving in words, never a bare factor.
 */
export const Offer = z.object({
  id: z.int(),
  partner: z.string(),
  /** In the earner's language when the operator wrote it, else the operator's own title. */
  title: z.string(),
  currency: CurrencyCode,
  /** Digits after the decimal point of `currency`: amounts below are in those minor units. */
  fractionDigits: z.int().check(z.gte(0), z.lte(3)),
  /** What the earner pays at the partner, in minor units. */
  price: z.int().check(z.gte(1)),
  /** The partner's price without the offer, in minor units; always above `price`. */
  listPrice: z.int().check(z.gte(2)),
  /** Whole percent saved, rounded down: (listPrice - price) / listPrice. */
  percentOff: z.int().check(z.gte(1), z.lte(99)),
  /** The partner's page (https), opened by a real link so no browser blocks it as a pop-up. */
  url: z.string(),
  /** Whether this earner has opened the offer before. */
  clicked: z.boolean(),
});
export type Offer = z.infer<typeof Offer>;

export const OfferList = z.object({ offers: z.array(Offer) });
export type OfferList = z.infer<typeof OfferList>;

const OfferId = z.pipe(
  z.coerce.number({ error: 'validation.offerId' }),
  z.int({ error: 'validation.offerId' }).check(z.gte(1, { error: 'validation.offerId' }), z.lte(2_147_483_647, { error: 'validation.offerId' })),
);

export const OfferClickInput = z.object({ id: OfferId });

export const OfferClick = z.object({
  /** The partner's page, always https. */
  url: z.string(),
  /** True for the earner's first click on this offer: only that one is counted. */
  first: z.boolean(),
});
export type OfferClick = z.infer<typeof OfferClick>;

/** The offers in the earner's own currency, in the operator's order. */
export const goodsList = endpoint({ api: 'main', method: 'GET', path: '/app/currency/goods/list', auth: true, input: Empty, data: OfferList });
/** Records the earner's click on one of their offers (once per earner and offer) and answers where it leads. */
export const goodsClick = endpoint({ api: 'main', method: 'GET', path: '/app/currency/goods/click', auth: true, input: OfferClickInput, data: OfferClick });

/** Whole percent saved, rounded down so the screen never promises more than the partner gives. */
export function percentOff(price: number, listPrice: number): number {
  return Math.floor(((listPrice - price) * 100) / listPrice);
}
