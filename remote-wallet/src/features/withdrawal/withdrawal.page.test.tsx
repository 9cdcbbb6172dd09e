import { BrowserRouter, changeLanguage, initI18n, queryClient, store, Toaster, tokenAtom, userInfoAtom } from '@grab/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import WithdrawalPage from './withdrawal.page';

const USER = {
  id: 7,
  phone: '+919812345678',
  country: 'IN',
  thirdUserId: 't7',
  thirdName: 'Asha',
  asset: 510_000,
  level: 1,
  inviteCode: 'ASHA01',
  currency: 'INR' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
// 5,100 points, of which the 100-point welcome bonus is locked.
const ASSET = { balance: 510_000, pending: 0, withdrawable: 500_000, locked: 10_000, lockedReason: 'welcomeBonusUntilFirstTask', todayEarnings: 0, totalEarnings: 510_000, weekEarnings: 0, dailyEarnings: [] };
// The seed's INR settings: one point is ₹0.085, 2 % fee with a 5-point floor, 3 a day; ₹100 is
// 1,176.48 points (rounded up to the hundredth) and a 23.52 fee: 1,200 in all.
const OPTIONS = {
  currency: 'INR',
  fractionDigits: 2,
  microsPerPoint: 85_000,
  presets: [100_00, 200_00, 500_00, 1_000_00],
  minAmount: 100_00,
  feeBps: 200,
  feeMinPoints: 500,
  dailyCount: 3,
  usedTodayCount: 0,
  dailyAmount: 10_000_00,
  usedTodayAmount: 0,
  coolingOffHours: 24,
  methods: ['bank', 'upi', 'wallet'],
};
const RECIPIENT = { id: 41, method: 'upi', institutionId: 3, institutionName: 'UPI', name: 'Asha Kumari', maskedAccount: 'as•••@okbank', ifsc: null, bankName: null, coolingOffUntil: null, available: true };
const ORDER = { id: 9, status: 'in_progress', amount: 100_00, currency: 'INR', fractionDigits: 2, method: 'upi', institutionName: 'UPI', maskedAccount: 'as•••@okbank', points: 1176_48, fee: 23_52, total: 1200_00, awaitingApproval: false, requestedAt: '2026-11-24T10:00:00.000Z', decidedAt: null, failureReason: null };

function envelope(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, data, msg }), { status: 200, headers: { 'content-type': 'application/json' } });
}

interface Sent {
  url: string;
  body: Record<string, unknown>;
}
let sent: Sent[];
let withdrawAnswers: (() => Response)[];
let asset: typeof ASSET;
let options: typeof OPTIONS;
let recipient: (Omit<typeof RECIPIENT, 'coolingOffUntil' | 'method' | 'institutionName'> & { coolingOffUntil: string | null; method: string; institutionName: string }) | null;

beforeEach(async () => {
  store.set(userInfoAtom, USER);
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  window.history.replaceState(null, '', '/withdrawal');
  sessionStorage.clear();
  sent = [];
  withdrawAnswers = [];
  asset = ASSET;
  options = OPTIONS;
  recipient = RECIPIENT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/app/pay/withdraw-options')) return envelope(options);
      if (url.startsWith('/app/pay/userRecipient')) return envelope(recipient);
      if (url.startsWith('/app/user/assetInfo')) return envelope(asset);
      if (url.startsWith('/app/pay/institutionList')) {
        const method = new URL(url, 'http://x').searchParams.get('method');
        return envelope([{ id: 1, country: 'IN', method, name: 'HDFC Bank' }]);
      }
      if (url.startsWith('/app/pay/pay-withdraw')) {
        sent.push({ url, body: JSON.parse(String(init?.body)) });
        const answer = withdrawAnswers.shift();
        if (!answer) throw new TypeError('Failed to fetch');
        return answer();
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
      <WithdrawalPage />
      <Toaster />
    </BrowserRouter>,
  );
}

const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });

/** Picks a preset and goes on to the confirm step, as the earner does. */
async function toConfirmStep(user: ReturnType<typeof userEvent.setup>, preset: string) {
  await user.click(await screen.findByRole('radio', { name: preset }));
  await user.click(withdrawButton());
}

describe('WithdrawalPage', () => {
  it('keeps the locked welcome bonus apart from what can be withdrawn', async () => {
    renderPage();
    expect(await screen.findByTestId('withdrawable')).toHaveProperty('textContent', '5,000 points');
    expect(screen.getByText('100 points welcome bonus: withdrawable after your first approved task')).toBeTruthy();
  });

  it('says the recipient\'s method once: UPI\'s one institution is itself named "UPI"', async () => {
    renderPage();
    const name = await screen.findByText('Asha Kumari · UPI');
    expect(name.nextElementSibling?.textContent).toBe('as•••@okbank');
  });

  it('asks for an amount inline before anything is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select an amount');
    expect(screen.queryByRole('region', { name: 'Check and confirm' })).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('shows every figure on the confirm step, and a lost answer retried is the same withdrawal', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: '₹100.00' }));
    expect(screen.getByTestId('quote').textContent).toBe('1,176.48\u00a0points + 23.52\u00a0points fee = 1,200\u00a0points');
    await user.click(withdrawButton());

    const confirm = screen.getByRole('region', { name: 'Check and confirm' });
    const figure = (label: string) => within(confirm).getByText(label).nextElementSibling?.textContent;
    expect(figure('Amount')).toBe('₹100.00');
    expect(figure('Points consumed')).toBe('1,176.48\u00a0points');
    expect(figure('Fee')).toBe('23.52\u00a0points');
    expect(figure('Total points')).toBe('1,200\u00a0points');
    expect(figure('Points remaining')).toBe('3,900\u00a0points');
    expect(sent).toHaveLength(0);

    // The first answer is lost on the way back: the earner is told a second tap is safe, and taps it.
    expect(within(confirm).queryByTestId('unanswered')).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((await within(confirm).findByTestId('unanswered')).textContent).toBe(
      'No answer reached your phone, so this withdrawal may not have been sent. Tap Confirm withdrawal again once you are online: it is never made twice.',
    );
    // Said once, beside Confirm: no toast lies over the note.
    expect(screen.queryByText('Connection failed, please reconnect')).toBeNull();
    withdrawAnswers.push(() => envelope(ORDER));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Confirm withdrawal' })).toHaveProperty('disabled', false));
    await user.click(within(confirm).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(window.location.pathname).toBe('/withdrawalOrders'));
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual({ amount: 100_00, recipientId: 41, idempotencyKey: sent[1]?.body.idempotencyKey });
  });

  it('writes every points figure with its unit in Urdu too, each kept whole in the right-to-left line', async () => {
    await changeLanguage('ur-PK');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: '₹100.00' }));
    // Each figure with its unit is isolated, so the digits keep their order beside the Urdu words.
    const figure = (text: string) => `\u2068${text}\u2069`;
    const points = (value: string) => figure(`${figure(value)}\u00a0پوائنٹس`);
    expect(screen.getByTestId('quote').textContent).toBe(`${points('1,176.48')} + ${points('23.52')} فیس = ${points('1,200')}`);
    await user.click(screen.getByRole('button', { name: 'نکلوائیں' }));

    const confirm = screen.getByRole('region', { name: 'جانچیں اور تصدیق کریں' });
    const shown = (label: string) => within(confirm).getByText(label).nextElementSibling?.textContent;
    expect(shown('استعمال ہونے والے پوائنٹس')).toBe(`${figure('1,176.48')}\u00a0پوائنٹس`);
    expect(shown('فیس')).toBe(`${figure('23.52')}\u00a0پوائنٹس`);
    expect(shown('کل پوائنٹس')).toBe(`${figure('1,200')}\u00a0پوائنٹس`);
    expect(shown('باقی پوائنٹس')).toBe(`${figure('3,900')}\u00a0پوائنٹس`);
  });

  it('keeps the unanswered key when the earner steps back and confirms the same withdrawal again, and not for another amount', async () => {
    const user = userEvent.setup();
    renderPage();
    await toConfirmStep(user, '₹100.00');
    // Lost on the way back: the earner steps back to the form, then confirms the same ₹100 again.
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await screen.findByTestId('unanswered');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(withdrawButton());
    // Back on the confirm step, it still says the last answer was lost.
    expect(screen.getByTestId('unanswered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.idempotencyKey).toBe(sent[0]?.body.idempotencyKey);

    // Another amount is another withdrawal: a key of its own, and no note about the last one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('radio', { name: '₹200.00' }));
    await user.click(withdrawButton());
    expect(screen.queryByTestId('unanswered')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body.amount).toBe(200_00);
    expect(sent[2]?.body.idempotencyKey).not.toBe(sent[0]?.body.idempotencyKey);
  });

  it('keeps the unanswered key when the earner leaves the page and comes back, for that account only', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await toConfirmStep(user, '₹100.00');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await screen.findByTestId('unanswered');
    // The earner goes to look at the orders and comes back to the withdrawal page.
    first.unmount();
    const again = renderPage();
    await toConfirmStep(user, '₹100.00');
    expect(screen.getByTestId('unanswered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.idempotencyKey).toBe(sent[0]?.body.idempotencyKey);
    again.unmount();

    // Another account signed in on the same tab is not told of it, and sends a key of its own.
    store.set(userInfoAtom, { ...USER, id: 8, inviteCode: 'RAVI01' });
    renderPage();
    await toConfirmStep(user, '₹100.00');
    expect(screen.queryByTestId('unanswered')).toBeNull();
    withdrawAnswers.push(() => envelope(ORDER));
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.body.idempotencyKey).not.toBe(sent[0]?.body.idempotencyKey);
  });

  it('says how many points are missing and keeps Withdraw shut', async () => {
    asset = { ...ASSET, balance: 60_000, withdrawable: 50_000 };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: '₹100.00' }));
    expect(screen.getByTestId('shortfall').textContent).toBe('Insufficient balance: you need 700 more withdrawable points');
    expect(withdrawButton()).toHaveProperty('disabled', true);
  });

  it('says what each amount takes before it is tapped, and marks those out of reach', async () => {
    asset = { ...ASSET, balance: 60_000, withdrawable: 50_000 };
    renderPage();
    const one = await screen.findByRole('radio', { name: '₹100.00' });
    expect(one.getAttribute('aria-describedby') && document.getElementById(one.getAttribute('aria-describedby') ?? '')?.textContent).toBe('1,200\u00a0points');
    expect(one.closest('label')?.hasAttribute('data-short')).toBe(true);
  });

  it('keeps Withdraw shut while a new recipient waits out its cooling-off, and says until when', async () => {
    recipient = { ...RECIPIENT, coolingOffUntil: '2026-11-25T10:00:00.000Z' };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: '₹100.00' }));
    expect(screen.getByText(/a new or changed recipient can receive money from/).closest('[role="status"]')).not.toBeNull();
    expect(withdrawButton()).toHaveProperty('disabled', true);
  });

  it('keeps Withdraw shut while the recipient\'s bank is switched off, and says to change the recipient', async () => {
    recipient = { ...RECIPIENT, method: 'bank', institutionName: 'HDFC Bank', maskedAccount: '•••• 9012', available: false, coolingOffUntil: '2026-11-25T10:00:00.000Z' };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: '₹100.00' }));
    const notice = screen.getByTestId('institution-gone');
    expect(notice.textContent).toBe('HDFC Bank no longer receives withdrawals. Change the recipient to withdraw.');
    expect(notice.getAttribute('role')).toBe('status');
    // Waiting out the cooling-off would not help: only the notice that says what will is shown.
    expect(screen.queryByText(/a new or changed recipient can receive money from/)).toBeNull();
    expect(withdrawButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Change recipient' })).toBeTruthy();
  });

  it('a bank switched off while the earner confirms: the refusal is told, and the page says it on stepping back to change', async () => {
    withdrawAnswers.push(() => {
      recipient = { ...RECIPIENT, method: 'bank', institutionName: 'HDFC Bank', available: false };
      return envelope(null, 1104, 'This bank is not available. Please choose another');
    });
    const user = userEvent.setup();
    renderPage();
    await toConfirmStep(user, '₹100.00');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('This bank is not available. Please choose another')).toBeTruthy();
    // The confirm step's way back to the amount and recipient.
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((await screen.findByTestId('institution-gone')).textContent).toContain('HDFC Bank no longer receives withdrawals');
    expect(withdrawButton()).toHaveProperty('disabled', true);
  });

  it('says when no bank, UPI or wallet pays out in the earner\'s country, instead of a form with nothing to choose', async () => {
    options = { ...OPTIONS, methods: [] };
    recipient = null;
    renderPage();
    expect((await screen.findByTestId('no-methods')).textContent).toBe('No bank, UPI or wallet pays out in your country right now. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Save recipient' })).toBeNull();
    expect(withdrawButton()).toHaveProperty('disabled', true);
  });

  it('opens the form on a method still offered when the saved recipient\'s is not', async () => {
    options = { ...OPTIONS, methods: ['bank', 'wallet'] };
    recipient = { ...RECIPIENT, available: false };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change recipient' }));
    expect(screen.getByRole('radio', { name: 'Bank' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'UPI' })).toBeNull();
  });

  it('stops at the daily limit', async () => {
    options = { ...OPTIONS, usedTodayCount: 3 };
    renderPage();
    expect(await screen.findByText('Today: 3 of 3 withdrawals. Fee 2%, at least 5 points.')).toBeTruthy();
    expect(withdrawButton()).toHaveProperty('disabled', true);
  });

  it('a refusal from the server keeps the earner on the confirm step with nothing lost', async () => {
    withdrawAnswers.push(() => envelope(null, 1102, 'You have reached today\'s withdrawal limit'));
    const user = userEvent.setup();
    renderPage();
    await toConfirmStep(user, '₹200.00');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm withdrawal' })).toHaveProperty('disabled', false));
    expect(window.location.pathname).toBe('/withdrawal');
    expect(sent[0]?.body.amount).toBe(200_00);
    // A refusal is an answer: nothing hints that it may not have been sent.
    expect(screen.queryByTestId('unanswered')).toBeNull();
  });
});
