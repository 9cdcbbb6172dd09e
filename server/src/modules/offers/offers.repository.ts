import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { currencies, offerClicks, offers, type OfferTexts, users } from '../../db/schema';

export interface OfferRow {
  id: number;
  partner: string;
  title: string;
  texts: OfferTexts;
  currency: string;
  fractionDigits: number;
  price: number;
  listPrice: number;
  url: string;
  clicked: boolean;
}

/** The earner's currency: offers are listed and opened in it only. */
export async function currencyOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
  return row?.currency ?? null;
}

/** Active offers of one currency in the operator's order, each with whether this earner clicked it. One query. */
export async function listOffers(db: Executor, userId: number, currency: string): Promise<OfferRow[]> {
  return db
    .select({
      id: offers.id,
      partner: offers.partner,
      title: offers.title,
      texts: offers.texts,
      currency: offers.currency,
      // Every language of one currency shares its digits; USD has two rows that agree.
      fractionDigits: sql<number>`coalesce((select min(${currencies.fractionDigits}) from ${currencies} where ${currencies.code} = ${offers.currency}), 2)`.mapWith(Number),
      price: offers.price,
      listPrice: offers.listPrice,
      url: offers.url,
      clicked: sql<boolean>`${offerClicks.userId} is not null`.mapWith(Boolean),
    })
    .from(offers)
    .leftJoin(offerClicks, and(eq(offerClicks.offerId, offers.id), eq(offerClicks.userId, userId)))
    .where(and(eq(offers.currency, currency), eq(offers.active, true)))
    .orderBy(asc(offers.position), asc(offers.id));
}

/** An active offer of this currency, or null: another currency's offer answers as unknown. */
export async function openOffer(db: Executor, offerId: number, currency: string): Promise<{ id: number; url: string } | null> {
  const [row] = await db
    .select({ id: offers.id, url: offers.url })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.currency, currency), eq(offers.active, true)));
  return row ?? null;
}

/** Records the click; true only for the first one of this earner on this offer, however many arrive at once. */
export async function recordClick(db: Executor, userId: number, offerId: number): Promise<boolean> {
  const inserted = await db.insert(offerClicks).values({ userId, offerId }).onConflictDoNothing().returning({ userId: offerClicks.userId });
  return inserted.length === 1;
}
