import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, type OfferClick, type OfferList } from '@grab/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerClicks, offers } from '../src/db/schema';
import { call, countRows, engines, type Registered, registerEarner, registerEarnerOf, useTestContext } from './helper';

const localesDir = path.resolve(import.meta.dirname, '..', '..', 'shared', 'src', 'i18n', 'locales');
function text(language: string, key: string): string {
  const [group, name] = key.split('.') as [string, string];
  const file = JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, Record<string, string>>;
  return file[group]![name]!;
}

describe.each(engines)('partner offers on %s', (engine) => {
  const ctx = useTestContext(engine);
  let usd: Registered;
  let pkr: Registered;

  const list = (earner: Registered, language = 'en-US') =>
    call<OfferList>(ctx.app, { method: 'GET', url: '/app/currency/goods/list', token: earner.token, headers: { 'accept-language': language } });
  const click = (earner: Registered, id: unknown, language = 'en-US') =>
    call<OfferClick>(ctx.app, { method: 'GET', url: `/app/currency/goods/click?id=${encodeURIComponent(String(id))}`, token: earner.token, headers: { 'accept-language': language } });

  beforeAll(async () => {
    usd = await registerEarnerOf(ctx.app, { country: 'US' });
    pkr = await registerEarnerOf(ctx.app, { country: 'PK', language: 'ur-PK' });
  });

  it("lists the earner's currency's active offers in display order, with the price to pay, the usual price and the percent off", async () => {
    const { status, body } = await list(usd);
    expect(status).toBe(200);
    const shown = body.data!.offers;
    expect(shown.map((o) => o.partner)).toEqual(['NetGo', 'SoundHub', 'FreshCart']);
    expect(shown.every((o) => o.currency === 'USD' && o.fractionDigits === 2 && o.clicked === false)).toBe(true);
    // SPEC §9's 8 tenths: pay $4.00 of $5.00, 20 % off (never "80 % off").
    expect(shown[0]).toMatchObject({ title: 'Mobile data pack, 10\u00a0GB', icon: 'data', listPrice: 5_00, price: 4_00, discount: 8, percentOff: 20, url: 'https://partners.example/us/data' });
    // Half price of $39.99 rounds half up to the cent.
    expect(shown[1]).toMatchObject({ listPrice: 39_99, price: 20_00, discount: 5, percentOff: 50 });
  });

  it("shows another currency's earner only that currency's offers, titled in the language asked for", async () => {
    const { body } = await list(pkr, 'ur-PK');
    const shown = body.data!.offers;
    expect(shown).toHaveLength(3);
    expect(shown.every((o) => o.currency === 'PKR' && o.fractionDigits === 0)).toBe(true);
    expect(shown[0]).toMatchObject({ title: 'موبائل ڈیٹا پیک، 10\u00a0جی\u00a0بی', listPrice: 1_000, price: 800, percentOff: 20 });
  });

  it("lists an Indian number's rupee offers, whatever language the app spoke at sign-up", async () => {
    for (const language of ['en-US', 'ur-PK']) {
      const indian = await registerEarnerOf(ctx.app, { country: 'IN', language });
      const shown = (await list(indian)).body.data!.offers;
      expect(shown.map((o) => [o.partner, o.currency, o.listPrice]), language).toEqual([
        ['NetGo', 'INR', 249_00],
        ['SoundHub', 'INR', 1_999_00],
        ['FreshCart', 'INR', 500_00],
      ]);
    }
  });

  it('leaves out switched-off offers and keeps the operator order', async () => {
    const [second] = await ctx.db.select({ id: offers.id }).from(offers).where(and(eq(offers.currency, 'BDT'), eq(offers.partner, 'SoundHub')));
    const [third] = await ctx.db.select({ id: offers.id }).from(offers).where(and(eq(offers.currency, 'BDT'), eq(offers.partner, 'FreshCart')));
    await ctx.db.update(offers).set({ active: false }).where(eq(offers.id, second!.id));
    await ctx.db.update(offers).set({ position: -1 }).where(eq(offers.id, third!.id));
    const bdt = await registerEarnerOf(ctx.app, { country: 'BD', language: 'bn-BD' });
    const { body } = await list(bdt);
    expect(body.data!.offers.map((o) => o.partner)).toEqual(['FreshCart', 'NetGo']);
  });

  it('counts a click once per earner and offer; a second click still answers the partner page', async () => {
    const earner = await registerEarner(ctx.app);
    const offer = (await list(earner)).body.data!.offers[0]!;
    const first = await click(earner, offer.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ url: offer.url, first: true });
    const rows = await countRows(ctx.db);
    const again = await click(earner, offer.id);
    expect(again.body.data).toEqual({ url: offer.url, first: false });
    expect(await countRows(ctx.db)).toEqual(rows);
    const clicks = await ctx.db.select().from(offerClicks).where(eq(offerClicks.userId, earner.userId));
    expect(clicks).toHaveLength(1);
    expect((await list(earner)).body.data!.offers.map((o) => o.clicked)).toEqual([true, false, false]);
    // Another earner's click is theirs: it neither counts for nor shows to this one.
    const other = await registerEarner(ctx.app);
    expect((await click(other, offer.id)).body.data).toEqual({ url: offer.url, first: true });
    expect((await list(other)).body.data!.offers[0]!.clicked).toBe(true);
  });

  it("refuses another currency's offer, a switched-off one and an unknown id in the earner's language, writing nothing", async () => {
    const pkrOffer = (await list(pkr)).body.data!.offers[0]!;
    const [inactive] = await ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.active, false));
    const rows = await countRows(ctx.db);
    for (const id of [pkrOffer.id, inactive!.id, 999_999]) {
      const english = await click(usd, id);
      expect(english.status).toBe(404);
      expect(english.body).toEqual({ code: ErrorCode.notFound, data: null, msg: text('en-US', 'errors.offerUnknown') });
    }
    const urdu = await click(usd, pkrOffer.id, 'ur-PK');
    expect(urdu.body.msg).toBe(text('ur-PK', 'errors.offerUnknown'));
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('refuses ids that are not offer ids with a clear message, writing nothing', async () => {
    const rows = await countRows(ctx.db);
    for (const id of ['', 'abc', '0', '-3', '1.5', '99999999999', "1' or '1'='1"]) {
      const { status, body } = await click(usd, id, 'hi-IN');
      expect(status, id).toBe(400);
      expect(body, id).toEqual({ code: ErrorCode.validation, data: null, msg: text('hi-IN', 'validation.offerId') });
    }
    const missing = await call(ctx.app, { method: 'GET', url: '/app/currency/goods/click', token: usd.token });
    expect(missing.body.code).toBe(ErrorCode.validation);
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('answers 401 without a live token, and writes nothing', async () => {
    const offer = (await list(usd)).body.data!.offers[0]!;
    const rows = await countRows(ctx.db);
    for (const url of ['/app/currency/goods/list', `/app/currency/goods/click?id=${offer.id}`]) {
      expect((await call(ctx.app, { method: 'GET', url })).status).toBe(401);
      expect((await call(ctx.app, { method: 'GET', url, token: 'x'.repeat(40) })).status).toBe(401);
    }
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('keeps the stored discount in tenths and the usual price above zero (the table refuses anything else)', async () => {
    const base = { currency: 'USD', partner: 'Bad', title: 'Bad', url: 'https://partners.example/bad' };
    await expect(ctx.db.insert(offers).values({ ...base, listPrice: 1_000, discount: 10 })).rejects.toThrow();
    await expect(ctx.db.insert(offers).values({ ...base, listPrice: 1_000, discount: 0 })).rejects.toThrow();
    await expect(ctx.db.insert(offers).values({ ...base, listPrice: 0, discount: 5 })).rejects.toThrow();
    await expect(ctx.db.insert(offers).values({ ...base, url: 'http://partners.example/bad', listPrice: 1_000, discount: 5 })).rejects.toThrow();
  });
});
