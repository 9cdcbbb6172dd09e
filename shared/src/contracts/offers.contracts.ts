import { z } from 'zod/mini';
import { Empty, endpoint } from './envelope';
import { CurrencyCode } from './user.contracts';

/**
 * Partner offers (SPEC §7 "goods"): goods a partner sells at a discount to the earners of one
 * currency. The earner only reads and taps; whatever they buy, they pay the partner, never Grab,
 * and no points are spent or earned (DESIGN §2).
 *
 * SPEC §9 says the discount is "shown as tenths times ten percent off", so a stored 8 would read
 * "80 % off". That is the literal rendering of a shop tag that means "pay 8 tenths of the price",
 * i.e. 20 % off (docs/offers.md says why we read it so). To leave no room for either misreading,
 * the server sends the price to pay, the usual price and the whole percent saved, all computed
 * from the one stored `discount`, and the screen states all three in words.
 */

export const OFFER_ICON_NAMES = ['data', 'audio', 'grocery', 'gift'] as const;
export const OfferIcon = z.enum(OFFER_ICON_NAMES);
export type OfferIcon = z.infer<typeof OfferIcon>;

export const Offer = z.object({
  id: z.int(),
  partner: z.string(),
  /** In the request's language when the operator wrote one, else the operator's own title. */
  title: z.string(),
  icon: OfferIcon,
  currency: CurrencyCode,
  /** Digits after the decimal point of `currency`: the amounts below are in its minor units. */
  fractionDigits: z.int().check(z.gte(0), z.lte(3)),
  /** The partner's usual price, minor units. */
  listPrice: z.int().check(z.gt(0)),
  /** What the earner pays the partner with this offer, minor units (`listPrice × discount / 10`). */
  price: z.int().check(z.gt(0)),
  /** SPEC §9's field: tenths of the usual price that the earner pays (1–9). */
  discount: z.int().check(z.gte(1), z.lte(9)),
  /** Whole percent saved: `100 − 10 × discount`. */
  percentOff: z.int().check(z.gte(10), z.lte(90)),
  /** The partner's page (https). */
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
  /** The partner's page to open. */
  url: z.string(),
  /** True for this earner's first click on the offer: only that one is counted. */
  first: z.boolean(),
});
export type OfferClick = z.infer<typeof OfferClick>;

/** The active offers in the earner's own currency, in the operator's order. */
export const goodsList = endpoint({ api: 'main', method: 'GET', path: '/app/currency/goods/list', auth: true, input: Empty, data: OfferList });
/** Counts the earner's click on one of their offers (once per earner and offer) and answers where it leads. */
export const goodsClick = endpoint({ api: 'main', method: 'GET', path: '/app/currency/goods/click', auth: true, input: OfferClickInput, data: OfferClick });
