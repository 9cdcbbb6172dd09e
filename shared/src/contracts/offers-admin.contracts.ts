import { z } from 'zod/mini';
import { Page, RowId } from './admin.contracts';
import { endpoint } from './envelope';
import { OfferIcon } from './offers.contracts';
import { CurrencyCode, LanguageKey } from './user.contracts';

/**
 * The console's partner offers (configuration, admins only). Prices are the partner's, in minor
 * units of the offer's currency; no amount here is ever points or moves in the ledger (DESIGN §2).
 */

const Title = z.string().check(z.trim(), z.minLength(2), z.maxLength(80));

const offerFields = {
  currency: CurrencyCode,
  partner: z.string().check(z.trim(), z.minLength(2), z.maxLength(60)),
  /** English, and what every language without its own title reads. */
  title: Title,
  /** Blank translations are left out: those earners read the English title. */
  texts: z.partialRecord(LanguageKey, z.object({ title: z.string().check(z.trim(), z.maxLength(80)) })),
  icon: OfferIcon,
  /** The partner's page; the earner leaves the app for it, so only https. */
  // The scheme is stored lower-case: the table's check (and some in-app browsers) read only `https://`.
  url: z.string().check(
    z.trim(),
    z.maxLength(500),
    z.regex(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i),
    z.overwrite((url) => url.replace(/^https:/i, 'https:')),
  ),
  /** The partner's usual price, minor units (at least 10, so a tenth of it is a whole unit). */
  listPrice: z.int().check(z.gte(10), z.lte(1_000_000_000_000)),
  /** Tenths of the usual price the earner pays (8 = 20 % off). */
  discount: z.int().check(z.gte(1), z.lte(9)),
  position: z.int().check(z.gte(0), z.lte(10_000)),
};

export const AdminOfferInput = z.object(offerFields);
export type AdminOfferInput = z.infer<typeof AdminOfferInput>;
/** The whole offer again, as on creation. */
export const AdminOfferEdit = z.object({ offerId: RowId, ...offerFields });
export type AdminOfferEdit = z.infer<typeof AdminOfferEdit>;

export const AdminOffer = z.object({
  id: z.int(),
  ...offerFields,
  texts: z.partialRecord(LanguageKey, z.object({ title: z.string() })),
  /** What the earner pays the partner, minor units, as the server derives it. */
  price: z.int(),
  /** The currency's decimals, to show the prices (minor units) as money. */
  fractionDigits: z.int(),
  /** False once archived: out of the earners' list for good. */
  active: z.boolean(),
  /** Earners who opened it (each once). */
  clicks: z.int(),
  createdAt: z.string(),
});
export type AdminOffer = z.infer<typeof AdminOffer>;

export const adminOfferList = endpoint({
  api: 'main',
  method: 'GET',
  path: '/admin/offers/list',
  auth: true,
  input: z.object({ currency: z.optional(CurrencyCode), page: Page }),
  data: z.object({ list: z.array(AdminOffer), hasMore: z.boolean() }),
});
export const adminOfferCreate = endpoint({ api: 'main', method: 'POST', path: '/admin/offers/create', auth: true, input: AdminOfferInput, data: AdminOffer });
export const adminOfferUpdate = endpoint({ api: 'main', method: 'POST', path: '/admin/offers/update', auth: true, input: AdminOfferEdit, data: AdminOffer });
/** Takes an offer out of the earners' list for good; its clicks stay counted. */
export const adminOfferArchive = endpoint({ api: 'main', method: 'POST', path: '/admin/offers/archive', auth: true, input: z.object({ offerId: RowId }), data: AdminOffer });
