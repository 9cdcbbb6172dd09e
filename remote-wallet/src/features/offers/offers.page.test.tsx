import { BrowserRouter, initI18n, queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import OffersPage from './offers.page';

const OFFER = {
  id: 11,
  partner: 'NetGo',
  title: 'Mobile data pack, 10 GB',
  icon: 'data',
  currency: 'INR',
  fractionDigits: 2,
  listPrice: 1_000_00,
  price: 200_00,
  discount: 2,
  percentOff: 80,
  url: 'https://partners.example/in/data',
  clicked: false,
};

let clicks: string[];
let offers: (typeof OFFER)[];

beforeEach(async () => {
  store.set(userInfoAtom, { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' });
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  clicks = [];
  offers = [OFFER];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/app/currency/goods/list')) return json({ offers });
      if (url.startsWith('/app/currency/goods/click')) {
        clicks.push(url);
        return json({ url: OFFER.url, first: true });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  await initI18n();
});

function renderPage() {
  return render(
    <BrowserRouter>
      <OffersPage />
    </BrowserRouter>,
  );
}

describe('OffersPage', () => {
  it('states the price to pay, the usual price with the saving and the percent off, never a bare factor', async () => {
    renderPage();
    const card = await screen.findByTestId('offer');
    expect(within(card).getByTestId('offer-pay').textContent).toBe('You pay ₹200.00');
    expect(within(card).getByTestId('offer-was').textContent).toBe('Usual price ₹1,000.00 · you save ₹800.00');
    expect(within(card).getByTestId('offer-off').textContent).toBe('80% off');
  });

  it('lays out an offer title in its own script, whatever the page reads', async () => {
    offers = [OFFER, { ...OFFER, id: 12, title: 'موبائل ڈیٹا پیک، 10 جی بی' }];
    renderPage();
    const [english, urdu] = await screen.findAllByRole('heading', { level: 2 });
    expect(english?.getAttribute('dir')).toBe('ltr');
    expect(urdu?.getAttribute('dir')).toBe('rtl');
  });

  it('opens the partner with a real link in a new tab and counts the tap', async () => {
    const user = userEvent.setup();
    renderPage();
    const link = await screen.findByRole('link', { name: 'Open the offer at NetGo (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe(OFFER.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // The browser would open the tab; here only the count matters.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(await screen.findByText('You opened this offer before')).toBeTruthy();
    expect(clicks).toEqual([`/app/currency/goods/click?id=${OFFER.id}`]);
  });

  it('says so when there is no offer in the currency', async () => {
    offers = [];
    renderPage();
    expect(await screen.findByText('No partner offers in your currency right now. Please check again later.')).toBeTruthy();
  });
});
