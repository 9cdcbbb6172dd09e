import { BrowserRouter, balanceChanged, currencyListQuery, initI18n, queryClient, store, tokenAtom, userInfoAtom, userKeys } from '@grab/shared';
import { amountText } from '@grab/shared/testing/amount';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BalanceCard from './balance-card.widget';

const USER = {
  id: 3,
  phone: '+919812345678',
  country: 'IN',
  thirdUserId: 't3',
  thirdName: 'Ravi',
  asset: 1234500,
  level: 2,
  inviteCode: 'R4V1',
  currency: 'INR' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ASSET = { balance: 1234500, pending: 20000, withdrawable: 1200000, locked: 0, lockedReason: null, todayEarnings: 5000, totalEarnings: 1500000, weekEarnings: 5000, dailyEarnings: [] };
const CURRENCIES = [
  { code: 'USD', language: 'en-US', microsPerPoint: 10_000, fractionDigits: 2 },
  { code: 'INR', language: 'hi-IN', microsPerPoint: 1_000_000, fractionDigits: 2 },
];

function envelope(data: unknown, code = 200, status = 200) {
  return new Response(JSON.stringify({ code, data, msg: code === 200 ? 'ok' : 'Unavailable' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
let assetResponses: Response[];
let orders: object[];

const ORDER = {
  id: 12, status: 'in_progress', amount: 100_00, currency: 'INR', fractionDigits: 2, method: 'upi', institutionName: 'UPI', maskedAccount: 'ra•••@okbank',
  points: 1176_48, fee: 23_52, total: 1200_00, awaitingApproval: false, requestedAt: '2026-11-24T10:00:00.000Z', decidedAt: null, failureReason: null,
};

beforeEach(async () => {
  store.set(userInfoAtom, USER);
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  assetResponses = [];
  orders = [];
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/app/pay/withdraw-log')) return envelope({ items: orders.slice(0, 1), total: orders.length, page: 1, pageSize: 1 });
    if (url.startsWith('/app/currency/list')) return envelope(CURRENCIES);
    if (url.startsWith('/app/user/assetInfo')) return assetResponses.shift() ?? envelope(ASSET);
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  await initI18n();
});

function renderCard() {
  return render(
    <BrowserRouter>
      <BalanceCard />
    </BrowserRouter>,
  );
}

describe('BalanceCard', () => {
  it("shows the balance in points and its worth in the account's currency (rupees for an Indian number read in English), with pending apart from withdrawable", async () => {
    renderCard();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    const card = await screen.findByRole('region', { name: 'My balance' });
    expect(await within(card).findByText(amountText('12,345 points'))).toBeTruthy();
    expect(await within(card).findByText('Worth about ₹12,345.00')).toBeTruthy();

    const fact = (label: string) => within(card).getByText(label).closest('div') as HTMLElement;
    expect(within(fact('Withdrawable')).getByText(amountText('12,000 points'))).toBeTruthy();
    expect(within(fact('Pending review')).getByText(amountText('200 points'))).toBeTruthy();
    expect(within(fact('Today\'s earnings')).getByText(amountText('50 points'))).toBeTruthy();
    expect(within(fact('Total earnings')).getByText(amountText('15,000 points'))).toBeTruthy();

    expect(within(card).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/withdrawal');
    expect(within(card).getByRole('link', { name: 'Earnings details' }).getAttribute('href')).toBe('/earningsDetails');
    expect(queryClient.getQueryData(userKeys.assets)).toEqual(ASSET);
    expect(queryClient.getQueryData(currencyListQuery().queryKey)).toEqual(CURRENCIES);
    expect(within(card).queryByText(/welcome bonus/)).toBeNull();
    const headers = new Headers((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers);
    expect(headers.get('authorization')).toBe('Bearer wallet-token');
  });

  it('uses a currency list already in the cache instead of fetching it', async () => {
    queryClient.setQueryData(currencyListQuery().queryKey, CURRENCIES as never);
    renderCard();
    expect(await screen.findByText('Worth about ₹12,345.00')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => String(url).startsWith('/app/currency/list'))).toEqual([]);
  });

  it('shows the worth of a US account in dollars', async () => {
    store.set(userInfoAtom, { ...USER, phone: '+12015550123', country: 'US', currency: 'USD' });
    renderCard();
    expect(await screen.findByText('Worth about $123.45')).toBeTruthy();
  });

  it('offers a retry when the balance cannot be loaded', async () => {
    assetResponses.push(envelope(null, 500, 500));
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your balance could not be loaded.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(amountText('12,345 points'))).toBeTruthy();
  });

  it('shows the locked welcome bonus with its reason, and withdrawable without it', async () => {
    assetResponses.push(envelope({ ...ASSET, balance: 10000, withdrawable: 0, locked: 10000, lockedReason: 'welcomeBonusUntilFirstTask', totalEarnings: 0 }));
    renderCard();
    const card = await screen.findByRole('region', { name: 'My balance' });
    expect(await within(card).findByText('100 points welcome bonus: withdrawable after your first approved task')).toBeTruthy();
    const fact = (label: string) => within(card).getByText(label).closest('div') as HTMLElement;
    expect(within(fact('Withdrawable')).getByText(amountText('0 points'))).toBeTruthy();
  });

  it('says plainly that points are locked when the server gives no reason', async () => {
    assetResponses.push(envelope({ ...ASSET, locked: 2500, lockedReason: null }));
    renderCard();
    expect(await screen.findByText('25 points cannot be withdrawn yet')).toBeTruthy();
  });

  it('asks again when a credit makes the balance stale, and shows the new figures', async () => {
    renderCard();
    expect(await screen.findByText(amountText('12,345 points'))).toBeTruthy();
    assetResponses.push(envelope({ ...ASSET, balance: 1384500, withdrawable: 1350000, todayEarnings: 20000 }));
    await act(() => balanceChanged());
    expect(await screen.findByText(amountText('13,845 points'))).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/app/user/assetInfo'))).toHaveLength(2));
  });

  it('shows nothing of withdrawals before the first one', async () => {
    renderCard();
    expect(await screen.findByText(amountText('12,345 points'))).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/app/pay/withdraw-log'))).toBe(true));
    expect(screen.queryByTestId('last-withdrawal')).toBeNull();
  });

  it('shows the last withdrawal on its way, and reads the balance again when it fails while the card is open', async () => {
    orders = [ORDER];
    renderCard();
    const last = await screen.findByTestId('last-withdrawal');
    expect(last.getAttribute('href')).toBe('/withdrawalOrders?status=in_progress');
    expect(within(last).getByText('Last withdrawal')).toBeTruthy();
    expect(within(last).getByText('In progress')).toBeTruthy();
    expect(last.textContent).toContain('₹100.00 UPI ra•••@okbank');
    expect(last.textContent).toContain('Requested');
    const assetCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/app/user/assetInfo')).length;
    expect(assetCalls()).toBe(1);

    // The bank refused it: the points are back, so the balance is asked for again.
    orders = [{ ...ORDER, status: 'failed', decidedAt: '2026-11-24T10:05:00.000Z', failureReason: 'payouts.accountRejected' }];
    await act(() => queryClient.invalidateQueries({ queryKey: ['pay'] }));
    await waitFor(() => expect(screen.getByTestId('last-withdrawal').getAttribute('data-status')).toBe('failed'));
    expect(screen.getByTestId('last-withdrawal').getAttribute('href')).toBe('/withdrawalOrders?status=failed');
    expect(screen.getByTestId('last-withdrawal').textContent).toContain('Decided');
    await waitFor(() => expect(assetCalls()).toBe(2));
  });

  it('shows one copy of the balance in every widget that reads it', async () => {
    render(
      <BrowserRouter>
        <BalanceCard />
        <BalanceCard />
      </BrowserRouter>,
    );
    expect(await screen.findAllByText(amountText('12,345 points'))).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/app/user/assetInfo'))).toHaveLength(1);
  });
});
