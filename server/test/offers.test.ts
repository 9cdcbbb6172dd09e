import { ErrorCode, type OfferClick, type OfferList } from '@grab/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerClicks, offers, users } from '../src/db/schema';
import { call, countRows, engines, type Registered, registerEarner, useTestContext } from './helper';

describe.each(engines)('partner offers on %s', (engine) => {
  const ctx = useTestContext(engine);

  async function earnerIn(currency: string): Promise<Registered> {
    const earner = await registerEarner(ctx.app);
    await ctx.db.update(users).set({ currency }).where(eq(users.id, earner.userId));
    return earner;
  }
  const list = (earner: Registered, language = 'en-US') =>
    call<OfferList>(ctx.app, { method: 'GET', url: '/app/currency/goods/list', token: earner.token, headers: { 'accept-language': language } });
  const click = (earner: Registered, id: unknown, language = 'en-US') =>
    call<OfferClick>(ctx.app, { method: 'GET', url: `/app/currency/goods/click?id=${encodeURIComponent(String(id))}`, token: earner.token, headers: { 'accept-language': language } });

  it("lists the seeded offers of the earner's own currency with both prices and the whole percent saved", async () => {
    const earner = await earnerIn('INR');
    const { status, body } = await list(earner);
    expect(status).toBe(200);
    const got = body.data!.offers;
    expect(got.length).toBeGreaterThanOrEqual(3);
    for (const offer of got) {
      expect(offer.currency).toBe('INR');
      expect(offer.fractionDigits).toBe(2);
      expect(offer.price).toBeLessThan(offer.listPrice);
      expect(offer.percentOff).toBe(Math.floor(((offer.listPrice - offer.price) * 100) / offer.listPrice));
      expect(offer.clicked).toBe(false);
    }
    // 199.00 instead of 249.00 saves 20.08 %: rounded down, never promising more.
    expect(got[0]).toMatchObject({ partner: 'NetGo', price: 19_900, listPrice: 24_900, percentOff: 20, title: 'Mobile data pack, 10 GB' });
  });

  it("titles the offers in the earner's language and lists another currency's offers to its earners only", async () => {
    const pk = await earnerIn('PKR');
    const { body } = await list(pk, 'ur-PK');
    expect(body.data!.offers.every((o) => o.currency === 'PKR' && o.fractionDigits === 0)).toBe(true);
    expect(body.data!.offers[0]!.title).toBe('موبائل ڈیٹا پیک، 10 GB');
    const inr = (await list(await earnerIn('INR'))).body.data!.offers.map((o) => o.id);
    expect(body.data!.offers.some((o) => inr.includes(o.id))).toBe(false);
  });

  it('records a click once per earner and offer and answers the partner page every time', async () => {
    const earner = await earnerIn('USD');
    const offer = (await list(earner)).body.data!.offers[0]!;
    const first = await click(earner, offer.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ url: 'https://partners.example/us/data', first: true });
    const again = await click(earner, offer.id);
    expect(again.body.data).toEqual({ url: 'https://partners.example/us/data', first: false });
    const rows = await ctx.db.select().from(offerClicks).where(and(eq(offerClicks.userId, earner.userId), eq(offerClicks.offerId, offer.id)));
    expect(rows).toHaveLength(1);
    expect((await list(earner)).body.data!.offers[0]!.clicked).toBe(true);
    // Another earner's click is their own.
    const other = await earnerIn('USD');
    expect((await click(other, offer.id)).body.data!.first).toBe(true);
  });

  it("answers another currency's offer, a switched-off one and an unknown id as not found, recording nothing", async () => {
    const earner = await earnerIn('USD');
    const inrOffer = (await list(await earnerIn('INR'))).body.data!.offers[0]!;
    const [hidden] = await ctx.db
      .insert(offers)
      .values({ currency: 'USD', partner: 'Gone', title: 'Gone', url: 'https://partners.example/gone', price: 50, listPrice: 100, active: false })
      .returning({ id: offers.id });
    const before = await countRows(ctx.db);
    for (const id of [inrOffer.id, hidden!.id, 2_000_000_000]) {
      const { status, body } = await click(earner, id, 'ur-PK');
      expect(status).toBe(404);
      expect(body.code).toBe(ErrorCode.notFound);
      expect(body.msg).toBe('یہ آفر دستیاب نہیں ہے');
    }
    expect(await countRows(ctx.db)).toEqual(before);
    expect((await list(earner)).body.data!.offers.some((o) => o.id === hidden!.id)).toBe(false);
  });

  it('refuses bad ids with a message in the earner language and changes nothing', async () => {
    const earner = await earnerIn('USD');
    const before = await countRows(ctx.db);
    for (const id of ['', 'abc', '0', '-1', '1.5', '99999999999999999999', "1' or 1=1"]) {
      const { status, body } = await click(earner, id, 'ur-PK');
      expect(status, id).toBe(400);
      expect(body.code).toBe(ErrorCode.validation);
      expect(body.msg).toBe('یہ آفر نہیں ملی');
    }
    const missing = await call(ctx.app, { method: 'GET', url: '/app/currency/goods/click', token: earner.token });
    expect(missing.status).toBe(400);
    expect(await countRows(ctx.db)).toEqual(before);
  });

  it('asks for a session on both calls', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/app/currency/goods/list' })).status).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/app/currency/goods/click?id=1' })).status).toBe(401);
  });

  it('refuses an offer whose saving is not a whole percent between 1 and 99, or a page that is not https', async () => {
    const base = { currency: 'USD', partner: 'P', title: 'T', url: 'https://partners.example/x' };
    await expect(ctx.db.insert(offers).values({ ...base, price: 100, listPrice: 100 })).rejects.toThrow();
    await expect(ctx.db.insert(offers).values({ ...base, price: 1, listPrice: 1_000 })).rejects.toThrow();
    await expect(ctx.db.insert(offers).values({ ...base, url: 'http://partners.example/x', price: 50, listPrice: 100 })).rejects.toThrow();
  });
});

// PGlite runs one transaction at a time: races are real only on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('offer clicks in parallel (postgres)', () => {
  const ctx = useTestContext('postgres');

  it('30 parallel clicks of one earner on one offer count once', async () => {
    const earner = await registerEarner(ctx.app);
    const offer = (await call<OfferList>(ctx.app, { method: 'GET', url: '/app/currency/goods/list', token: earner.token })).body.data!.offers[0]!;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call<OfferClick>(ctx.app, { method: 'GET', url: `/app/currency/goods/click?id=${offer.id}`, token: earner.token })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data!.first)).toHaveLength(1);
    const rows = await ctx.db.select().from(offerClicks).where(eq(offerClicks.userId, earner.userId));
    expect(rows).toHaveLength(1);
  });
});
