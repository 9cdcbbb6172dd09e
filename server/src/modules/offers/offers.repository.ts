import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { currencies, offerClicks, offers, type OfferTexts, users } from '../../db/schema';

/** The earners' reads and clicks of `offers`; operators change offers in offers.admin.routes.ts. */

export interface OfferRow {
  id: number;
  partner: string;
  title: string;
  texts: OfferTexts;
  icon: (typeof offers.$inferSelect)['icon'];
  currency: string;
  fractionDigits: number;
  listPrice: number;
  price: number;
  discount: number;
  url: string;
  clicked: boolean;
}

/** The digits of the offer's currency: every language of one currency writes it alike (USD has two rows that agree). */
export const offerCurrencyDigits = sql<number>`coalesce((select min(${currencies.fractionDigits}) from ${currencies} where ${currencies.code} = ${offers.currency}), 2)`.mapWith(Number);

/** The earner's currency, read in the same statement: offers are listed and opened in it only. */
const earnerCurrency = (userId: number) => sql`(select ${users.currency} from ${users} where ${users.id} = ${userId})`;

/** Active offers of the earner's currency in the operator's order, each with whether this earner opened it. One query. */
export function listOffers(db: Executor, userId: number): Promise<OfferRow[]> {
  return db
    .select({
      id: offers.id,
      partner: offers.partner,
      title: offers.title,
      texts: offers.texts,
      icon: offers.icon,
      currency: offers.currency,
      fractionDigits: offerCurrencyDigits,
      listPrice: offers.listPrice,
      price: offers.price,
      discount: offers.discount,
      url: offers.url,
      clicked: sql<boolean>`${offerClicks.userId} is not null`.mapWith(Boolean),
    })
    .from(offers)
    .leftJoin(offerClicks, and(eq(offerClicks.offerId, offers.id), eq(offerClicks.userId, userId)))
    .where(and(eq(offers.currency, earnerCurrency(userId)), eq(offers.active, true)))
    .orderBy(asc(offers.position), asc(offers.id));
}

/** The page of an active offer of the earner's currency, or null: any other offer is as good as unknown. */
export async function openableOffer(db: Executor, userId: number, offerId: number): Promise<{ id: number; url: string } | null> {
  const [row] = await db
    .select({ id: offers.id, url: offers.url })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.active, true), eq(offers.currency, earnerCurrency(userId))));
  return row ?? null;
}

/** Records the click; true only for this earner's first on this offer, however many arrive at once (primary key). */
export async function recordClick(db: Executor, userId: number, offerId: number): Promise<boolean> {
  const inserted = await db.insert(offerClicks).values({ userId, offerId }).onConflictDoNothing().returning({ userId: offerClicks.userId });
  return inserted.length === 1;
}
