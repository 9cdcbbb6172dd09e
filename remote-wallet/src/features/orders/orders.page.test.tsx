import { BrowserRouter, initI18n, queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDERS_PAGE_SIZE } from '../pay/pay.queries';
import WithdrawalOrdersPage from './orders.page';

// An Indian earner's orders, in rupees: ₹100 (1,176.48 points and a 23.52 fee at the seeded rate) times the id.
const BASE = { currency: 'INR', fractionDigits: 2, method: 'upi', institutionName: 'UPI', maskedAccount: 'as•••@okbank', awaitingApproval: false, requestedAt: '2026-11-24T10:00:00.000Z' };
const order = (id: number, status: string, extra: object = {}) => ({ id, status, amount: 100_00 * id, points: 1176_48 * id, fee: 23_52 * id, total: 1200_00 * id, decidedAt: null, failureReason: null, ...BASE, ...extra });

let asked: Record<string, unknown>[];
let lists: Record<string, ReturnType<typeof order>[]>;

beforeEach(async () => {
  store.set(userInfoAtom, { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' });
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  asked = [];
  lists = {
    in_progress: [order(1, 'in_progress', { awaitingApproval: true })],
    success: Array.from({ length: ORDERS_PAGE_SIZE + 2 }, (_, i) => order(i + 2, 'success', { decidedAt: '2026-11-24T11:00:00.000Z' })),
    failed: [order(3, 'failed', { decidedAt: '2026-11-24T11:00:00.000Z', failureReason: 'payouts.accountRejected' })],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/app/pay/withdraw-log')) return new Response('not found', { status: 404 });
      const body = JSON.parse(String(init?.body)) as { status: string; page: number; pageSize: number };
      asked.push(body);
      const all = lists[body.status] ?? [];
      const items = all.slice((body.page - 1) * body.pageSize, body.page * body.pageSize);
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { items, total: all.length, page: body.page, pageSize: body.pageSize } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  await initI18n();
});

function renderPage() {
  return render(
    <BrowserRouter>
      <WithdrawalOrdersPage />
    </BrowserRouter>,
  );
}

describe('WithdrawalOrdersPage', () => {
  it('lists the orders in progress first, and says when one waits for an operator', async () => {
    renderPage();
    const item = await screen.findByTestId('order');
    expect(within(item).getByText('₹100.00')).toBeTruthy();
    expect(item.textContent).toContain('1,176.48\u00a0points + 23.52\u00a0points fee = 1,200\u00a0points');
    expect(item.textContent).toContain('Waiting for a payout check before it is sent');
    expect(item.textContent).toContain('as•••@okbank');
    expect(asked[0]).toMatchObject({ status: 'in_progress', page: 1 });
  });

  it("opens the tab a link names (the balance card's last withdrawal), and in progress for anything else", async () => {
    window.history.replaceState(null, '', '/withdrawalOrders?status=failed');
    const failed = renderPage();
    expect((await screen.findByTestId('order')).getAttribute('data-status')).toBe('failed');
    expect(asked[0]).toMatchObject({ status: 'failed', page: 1 });
    failed.unmount();
    asked = [];
    window.history.replaceState(null, '', '/withdrawalOrders?status=everything');
    renderPage();
    expect((await screen.findByTestId('order')).getAttribute('data-status')).toBe('in_progress');
    expect(asked[0]).toMatchObject({ status: 'in_progress' });
    window.history.replaceState(null, '', '/withdrawalOrders');
  });

  it('with nothing on its way, leads to the paid withdrawals', async () => {
    lists.in_progress = [];
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No withdrawal is on its way.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'See paid withdrawals' }));
    expect(await screen.findAllByTestId('order')).not.toHaveLength(0);
    expect(asked.at(-1)).toMatchObject({ status: 'success', page: 1 });
    expect(screen.getByRole('button', { name: 'Success' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('names the institution beside the method only where it says more than the method', async () => {
    lists.in_progress = [order(1, 'in_progress'), order(2, 'in_progress', { method: 'bank', institutionName: 'HDFC Bank', maskedAccount: '•••• 9012' })];
    renderPage();
    const [upi, bank] = await screen.findAllByTestId('order');
    // UPI's one institution is itself named "UPI": "UPI · UPI" would read as a mistake.
    expect(upi?.textContent).toContain('UPI as•••@okbank');
    expect(upi?.textContent).not.toContain('UPI · UPI');
    expect(bank?.textContent).toContain('Bank · HDFC Bank •••• 9012');
  });

  it('gives a failed order its reason in the earner language and says the points came back', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('order');
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect((await screen.findByTestId('failure-reason')).textContent).toBe('Reason: The bank refused this account. Check the number and try again');
    expect(screen.getByTestId('order').textContent).toContain('3,600\u00a0points returned to your balance');
  });

  it('isolates a reason an operator wrote in Urdu on an English screen, so its full stop stays with the sentence', async () => {
    lists.failed = [order(3, 'failed', { decidedAt: '2026-11-24T11:00:00.000Z', failureReason: 'اکاؤنٹ بند ہے' })];
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('order');
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect((await screen.findByTestId('failure-reason')).textContent).toBe('Reason: \u2068اکاؤنٹ بند ہے\u2069');
  });

  it('pages through a long history on demand', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('order');
    await user.click(screen.getByRole('button', { name: 'Success' }));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(ORDERS_PAGE_SIZE));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(ORDERS_PAGE_SIZE + 2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
