import { BrowserRouter, changeLanguage, initI18n, queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import OffersPage from './offers.page';

const OFFER = {
  id: 4,
  partner: 'NetGo',
  title: 'Mobile data pack, 10 GB',
  currency: 'INR',
  fractionDigits: 2,
  price: 19_900,
  listPrice: 24_900,
  percentOff: 20,
  url: 'https://partners.example/in/data',
  clicked: false,
};

let clicks: string[];
let clicked: boolean;

beforeEach(async () => {
  store.set(userInfoAtom, { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' });
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  clicks = [];
  clicked = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/app/currency/goods/list')) return json({ offers: [{ ...OFFER, clicked }] });
      if (url.startsWith('/app/currency/goods/click')) {
        clicks.push(url);
        const first = !clicked;
        clicked = true;
        return json({ url: OFFER.url, first });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  await initI18n();
  await changeLanguage('en-US');
});

function renderPage() {
  return render(
    <BrowserRouter>
      <OffersPage />
    </BrowserRouter>,
  );
}

describe('OffersPage', () => {
  it('names the price to pay, the usual price and the saving as an amount and a percent', async () => {
    renderPage();
    const card = await screen.findByTestId('offer');
    expect(within(card).getByRole('heading', { name: 'Mobile data pack, 10 GB' })).toBeTruthy();
    expect(within(card).getByTestId('offer-pay').textContent).toBe('You pay ₹199.00');
    expect(within(card).getByText('Usual price ₹249.00')).toBeTruthy();
    expect(within(card).getByTestId('offer-save').textContent).toBe('You save ₹50.00 (20% off)');
  });

  it("opens the partner's page in a new tab through a real link and records the click", async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: /Open offer at NetGo/ });
    expect(link.getAttribute('href')).toBe(OFFER.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // jsdom does not navigate; the click still reaches the handler.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(clicks).toEqual(['/app/currency/goods/click?id=4']));
    expect(await screen.findByText('Opened before')).toBeTruthy();
  });

  it('reads in Urdu with the same figures', async () => {
    await changeLanguage('ur-PK');
    renderPage();
    const card = await screen.findByTestId('offer');
    expect(within(card).getByTestId('offer-pay').textContent).toContain('ادا کریں گے');
    expect(within(card).getByTestId('offer-save').textContent).toMatch(/20/);
  });
});
