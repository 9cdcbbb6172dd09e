import { type AdminOffer, type AdminOfferInput, adminOfferArchive, adminOfferCreate, adminOfferList, adminOfferUpdate, ErrorCode, LanguageKey } from '@grab/shared/contracts';
import { asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { offerClicks, offers, type OfferTexts } from '../../db/schema';
import { AppError, errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { operatorsOnly } from '../admin/operator-roles';
import { offerCurrencyDigits } from './offers.repository';

const PAGE = 30;

type OfferRow = typeof offers.$inferSelect & { clicks: number; fractionDigits: number };

const withClicks = {
  ...getTableColumns(offers),
  clicks: sql<number>`(select count(*) from ${offerClicks} where ${offerClicks.offerId} = ${offers.id})`.mapWith(Number),
  fractionDigits: offerCurrencyDigits,
};

function toAdminOffer(row: OfferRow): AdminOffer {
  const texts: AdminOffer['texts'] = {};
  for (const [language, text] of Object.entries(row.texts)) {
    const key = LanguageKey.safeParse(language);
    if (key.success && text?.title) texts[key.data] = { title: text.title };
  }
  return {
    id: row.id,
    currency: row.currency as AdminOffer['currency'],
    partner: row.partner,
    title: row.title,
    texts,
    icon: row.icon,
    url: row.url,
    listPrice: row.listPrice,
    discount: row.discount,
    price: row.price,
    fractionDigits: row.fractionDigits,
    position: row.position,
    active: row.active,
    clicks: row.clicks,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Blank translations are left out, so those earners read the English title. */
function storedTexts(input: AdminOfferInput): OfferTexts {
  const out: OfferTexts = {};
  for (const [language, text] of Object.entries(input.texts)) if (text?.title) out[language] = { title: text.title };
  return out;
}

const columnsOf = (input: AdminOfferInput) => ({
  currency: input.currency,
  partner: input.partner,
  title: input.title,
  texts: storedTexts(input),
  icon: input.icon,
  url: input.url,
  listPrice: input.listPrice,
  discount: input.discount,
  position: input.position,
});

async function offerById(tx: Executor, offerId: number): Promise<AdminOffer> {
  const [row] = await tx.select(withClicks).from(offers).where(eq(offers.id, offerId));
  if (!row) throw errors.notFound();
  return toAdminOffer(row);
}

/** The offer locked for a change; an archived one is refused (it stays as earners last saw it). */
async function lockedOffer(tx: Executor, offerId: number): Promise<AdminOffer> {
  const [locked] = await tx.select({ id: offers.id, active: offers.active }).from(offers).where(eq(offers.id, offerId)).for('update');
  if (!locked) throw errors.notFound();
  if (!locked.active) throw new AppError(ErrorCode.conflict, 'admin.offerArchived');
  return offerById(tx, offerId);
}

/**
 * The configuration's partner offers: list per currency, create, edit and archive. Admins only;
 * each change is one transaction with its audit entry. The earners' list reads the table at each
 * request, so a change shows at their next look.
 */
export function offersAdminRoutes(app: FastifyInstance, db: Db): void {
  const guard = operatorsOnly('admin');
  route(
    app,
    adminOfferList,
    async (input) => {
      const page = input.page ?? 1;
      const rows = await db
        .select(withClicks)
        .from(offers)
        .where(input.currency ? eq(offers.currency, input.currency) : undefined)
        .orderBy(desc(offers.active), asc(offers.currency), asc(offers.position), asc(offers.id))
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return { list: rows.slice(0, PAGE).map(toAdminOffer), hasMore: rows.length > PAGE };
    },
    guard,
  );
  route(
    app,
    adminOfferCreate,
    (input, request) =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(offers).values(columnsOf(input)).returning({ id: offers.id });
        if (!row) throw errors.conflict();
        const offer = await offerById(tx, row.id);
        await recordAction(tx, earnerOf(request), { action: 'offer.create', targetType: 'offer', targetId: row.id, after: offer });
        return offer;
      }),
    guard,
  );
  route(
    app,
    adminOfferUpdate,
    (input, request) =>
      db.transaction(async (tx) => {
        const { offerId, ...fields } = input;
        const before = await lockedOffer(tx, offerId);
        await tx.update(offers).set(columnsOf(fields)).where(eq(offers.id, offerId));
        const after = await offerById(tx, offerId);
        await recordAction(tx, earnerOf(request), { action: 'offer.update', targetType: 'offer', targetId: offerId, before, after });
        return after;
      }),
    guard,
  );
  route(
    app,
    adminOfferArchive,
    (input, request) =>
      db.transaction(async (tx) => {
        await lockedOffer(tx, input.offerId);
        await tx.update(offers).set({ active: false }).where(eq(offers.id, input.offerId));
        const after = await offerById(tx, input.offerId);
        await recordAction(tx, earnerOf(request), { action: 'offer.archive', targetType: 'offer', targetId: input.offerId, before: { active: true }, after: { active: false } });
        return after;
      }),
    guard,
  );
}
