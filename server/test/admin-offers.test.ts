import type { AdminOffer, OfferList, OperatorAction } from '@grab/shared/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, engines, useTestContext } from './helper';
import { CONSOLE_ROLES, type ConsolePeople, type ConsoleRole, makeConsolePeople } from './console-fixtures';

type Role = ConsoleRole;
const ROLES = CONSOLE_ROLES;

/** An offer in rupees, the currency of the console fixtures' Indian earner. */
const OFFER = {
  currency: 'INR',
  partner: 'Data Shop',
  title: 'Two gigabytes for a week',
  texts: { 'ur-PK': { title: 'ایک ہفتے کے لیے دو گیگا بائٹ' }, 'hi-IN': { title: '' } },
  icon: 'data',
  url: 'https://shop.grab.example/data-2gb',
  listPrice: 500,
  discount: 8,
  position: 0,
};

describe.each(engines)('the console offers (%s)', (engine) => {
  const ctx = useTestContext(engine);
  const people = {} as ConsolePeople;

  beforeAll(async () => {
    await makeConsolePeople(ctx.app, ctx.db, people);
  });

  const tokenOf = (role: Role) => (role === 'none' ? undefined : people[role].token);
  const post = <T>(url: string, payload: object, token: string | undefined = people.admin.token, language = 'en-US') =>
    call<T>(ctx.app, { method: 'POST', url, token, payload, headers: { 'accept-language': language } });
  const get = <T>(url: string, token: string | undefined = people.admin.token) => call<T>(ctx.app, { method: 'GET', url, token });
  const audit = async (query: string) => (await get<{ list: OperatorAction[] }>(`/admin/audit/list${query}`)).body.data?.list ?? [];
  const earnerOffers = async (language = 'en-US') =>
    (await call<OfferList>(ctx.app, { method: 'GET', url: '/app/currency/goods/list', token: people.earner.token, headers: { 'accept-language': language } })).body.data!.offers;
  const create = async (payload: object = OFFER) => {
    const { body } = await post<AdminOffer>('/admin/offers/create', payload);
    expect(body.code, JSON.stringify(body)).toBe(200);
    return body.data!;
  };

  it('answers admins only on every offer call, 401 without a token', async () => {
    const offer = await create();
    const calls: [string, object | undefined][] = [
      ['/admin/offers/list?currency=INR', undefined],
      ['/admin/offers/create', OFFER],
      ['/admin/offers/update', { ...OFFER, offerId: offer.id }],
      ['/admin/offers/archive', { offerId: offer.id }],
    ];
    for (const [url, payload] of calls) {
      for (const role of ROLES) {
        if (role === 'admin') continue;
        const rows = await countRows(ctx.db);
        const { status, body } = await call(ctx.app, { method: payload ? 'POST' : 'GET', url, token: tokenOf(role), ...(payload ? { payload } : {}) });
        const expected = role === 'none' ? 401 : 403;
        expect([status, body.code], `${url} ${role}`).toEqual([expected, expected]);
        expect(await countRows(ctx.db)).toEqual(rows);
      }
    }
    // The admin's own calls pass, archive last.
    for (const [url, payload] of calls) {
      const { status, body } = await call(ctx.app, { method: payload ? 'POST' : 'GET', url, token: people.admin.token, ...(payload ? { payload } : {}) });
      expect([status, body.code], `${url} ${JSON.stringify(body)}`).toEqual([200, 200]);
    }
  });

  it('creates an offer the earners of its currency see in their language, with its price derived by the server', async () => {
    const offer = await create();
    expect(offer).toMatchObject({ currency: 'INR', price: 400, fractionDigits: 2, active: true, clicks: 0, texts: { 'ur-PK': { title: OFFER.texts['ur-PK'].title } } });
    // A blank translation is not stored: those earners read English.
    expect(offer.texts['hi-IN']).toBeUndefined();
    expect((await earnerOffers()).find((o) => o.id === offer.id)).toMatchObject({ title: OFFER.title, price: 400, percentOff: 20 });
    expect((await earnerOffers('ur-PK')).find((o) => o.id === offer.id)?.title).toBe(OFFER.texts['ur-PK'].title);
    const listed = (await get<{ list: AdminOffer[] }>('/admin/offers/list?currency=INR')).body.data!.list;
    expect(listed.find((o) => o.id === offer.id)).toEqual(offer);
    expect((await get<{ list: AdminOffer[] }>('/admin/offers/list?currency=USD')).body.data!.list.every((o) => o.currency === 'USD')).toBe(true);
    const [logged] = await audit(`?action=offer.create&targetId=${offer.id}`);
    expect(logged).toMatchObject({ operatorId: people.admin.userId, operatorRole: 'admin', targetType: 'offer', before: null, after: offer });
  });

  it('takes a link pasted with an upper-case scheme, and keeps it as https://', async () => {
    const offer = await create({ ...OFFER, url: 'HTTPS://Shop.grab.example/Deal' });
    expect(offer.url).toBe('https://Shop.grab.example/Deal');
  });

  it('edits an offer with before and after in the audit log, then archives it out of the earners list for good', async () => {
    const offer = await create();
    const edited = await post<AdminOffer>('/admin/offers/update', { ...OFFER, offerId: offer.id, title: 'Three gigabytes', listPrice: 1000, discount: 5, position: 3 });
    expect(edited.body.data).toMatchObject({ id: offer.id, title: 'Three gigabytes', price: 500, position: 3 });
    expect((await earnerOffers()).find((o) => o.id === offer.id)).toMatchObject({ title: 'Three gigabytes', price: 500, percentOff: 50 });
    const [updated] = await audit(`?action=offer.update&targetId=${offer.id}`);
    expect(updated).toMatchObject({ before: { title: OFFER.title, listPrice: 500, price: 400 }, after: { title: 'Three gigabytes', listPrice: 1000, price: 500 } });

    const archived = await post<AdminOffer>('/admin/offers/archive', { offerId: offer.id });
    expect(archived.body.data).toMatchObject({ id: offer.id, active: false });
    expect((await earnerOffers()).some((o) => o.id === offer.id)).toBe(false);
    expect((await audit(`?action=offer.archive&targetId=${offer.id}`))[0]).toMatchObject({ before: { active: true }, after: { active: false } });

    // An archived offer stays as it was: neither edited nor archived again, and no audit entry.
    const rows = await countRows(ctx.db);
    for (const [url, payload] of [
      ['/admin/offers/update', { ...OFFER, offerId: offer.id }],
      ['/admin/offers/archive', { offerId: offer.id }],
    ] as const) {
      const { status, body } = await post(url, payload, people.admin.token, 'ur-PK');
      expect([status, body.code, body.msg]).toEqual([409, 409, 'یہ پیشکش محفوظ شدہ ہے اور اب تبدیل نہیں کی جا سکتی']);
    }
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('answers 404 for an offer id that does not exist, changing nothing', async () => {
    const rows = await countRows(ctx.db);
    for (const [url, payload] of [
      ['/admin/offers/update', { ...OFFER, offerId: 2_000_000_000 }],
      ['/admin/offers/archive', { offerId: 2_000_000_000 }],
    ] as const) {
      const { status, body } = await post(url, payload);
      expect([status, body.code], url).toEqual([404, 404]);
    }
    expect(await countRows(ctx.db)).toEqual(rows);
  });

  it('refuses bad input on every field with a message in the operator language, changing nothing', async () => {
    const offer = await create();
    const rows = await countRows(ctx.db);
    const bad: object[] = [
      { ...OFFER, currency: 'EUR' },
      { ...OFFER, partner: 'x' },
      { ...OFFER, partner: 'x'.repeat(61) },
      { ...OFFER, title: ' ' },
      { ...OFFER, title: 'x'.repeat(81) },
      { ...OFFER, texts: { 'xx-XX': { title: 'Hello' } } },
      { ...OFFER, texts: { 'ur-PK': { title: 'x'.repeat(81) } } },
      { ...OFFER, icon: 'rocket' },
      { ...OFFER, url: 'http://shop.grab.example/data' },
      { ...OFFER, url: 'javascript:alert(1)' },
      { ...OFFER, url: `https://shop.grab.example/${'x'.repeat(500)}` },
      { ...OFFER, listPrice: 9 },
      { ...OFFER, listPrice: 10.5 },
      { ...OFFER, discount: 0 },
      { ...OFFER, discount: 10 },
      { ...OFFER, position: -1 },
      { ...OFFER, position: 10_001 },
    ];
    for (const payload of bad) {
      for (const [url, body] of [
        ['/admin/offers/create', payload],
        ['/admin/offers/update', { ...payload, offerId: offer.id }],
      ] as const) {
        const answer = await post(url, body, people.admin.token, 'ur-PK');
        expect([answer.status, answer.body.code], `${url} ${JSON.stringify(body)}`).toEqual([400, 400]);
        expect(answer.body.msg.length).toBeGreaterThan(0);
      }
    }
    for (const offerId of [0, -1, 1.5, 'one', 2_147_483_648]) {
      expect((await post('/admin/offers/archive', { offerId })).status, String(offerId)).toBe(400);
    }
    expect((await get('/admin/offers/list?currency=EUR')).status).toBe(400);
    expect(await countRows(ctx.db)).toEqual(rows);
    expect((await get<{ list: AdminOffer[] }>('/admin/offers/list?currency=INR')).body.data!.list.find((o) => o.id === offer.id)).toEqual(offer);
  });
});
