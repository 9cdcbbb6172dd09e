import { initI18n, queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerWalletLocales } from '../../locales/wallet.locales';
import { RecipientForm } from './recipient-form';

registerWalletLocales();

const INSTITUTIONS = {
  bank: [
    { id: 1, country: 'IN', method: 'bank', name: 'HDFC Bank' },
    { id: 2, country: 'IN', method: 'bank', name: 'State Bank of India' },
  ],
  upi: [{ id: 3, country: 'IN', method: 'upi', name: 'UPI' }],
  wallet: [
    { id: 4, country: 'IN', method: 'wallet', name: 'Paytm' },
    { id: 5, country: 'IN', method: 'wallet', name: 'MobiKwik' },
  ],
};

let saved: Record<string, unknown>[];

beforeEach(async () => {
  store.set(userInfoAtom, { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' });
  store.set(tokenAtom, 'wallet-token');
  queryClient.clear();
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/app/pay/institutionList')) {
        const method = new URL(url, 'http://x').searchParams.get('method') as keyof typeof INSTITUTIONS;
        return json(INSTITUTIONS[method]);
      }
      if (url.startsWith('/app/pay/userRecipientSave')) {
        const body = JSON.parse(String(init?.body));
        saved.push(body);
        return json({ id: 41, method: body.method, institutionId: body.institutionId, institutionName: 'HDFC Bank', name: body.name, maskedAccount: '•••• 9012', ifsc: body.ifsc ?? null, bankName: 'HDFC Bank', coolingOffUntil: null, available: true });
      }
      return new Response('not found', { status: 404 });
    }),
  );
  await initI18n();
});

describe('RecipientForm', () => {
  it('says under each field what is missing or wrong, and sends nothing until all is right', async () => {
    const done = vi.fn();
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={done} />);
    await screen.findByRole('option', { name: 'HDFC Bank' });
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Please enter the bank number')).toBeTruthy();
    expect(screen.getByText('Please enter the card name')).toBeTruthy();
    expect(screen.getByText('Please choose your bank')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Bank' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank' }), 'HDFC Bank');
    await user.type(screen.getByLabelText('Card name (as on the account)'), 'Asha Kumari');
    await user.type(screen.getByLabelText('Bank account number'), '12ab34');
    await user.type(screen.getByLabelText('IFSC code'), 'HDFC123');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Input must be a number')).toBeTruthy();
    expect(screen.getByText('Enter correct 11-digit IFSC')).toBeTruthy();
    expect(saved).toHaveLength(0);

    await user.clear(screen.getByLabelText('Bank account number'));
    await user.type(screen.getByLabelText('Bank account number'), '123456789012');
    await user.clear(screen.getByLabelText('IFSC code'));
    await user.type(screen.getByLabelText('IFSC code'), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved).toEqual([{ method: 'bank', institutionId: 1, name: 'Asha Kumari', account: '123456789012', ifsc: 'HDFC0001234' }]);
  });

  it('starts another method with its own empty fields and none of the last method\'s errors', async () => {
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={vi.fn()} />);
    await screen.findByRole('option', { name: 'HDFC Bank' });
    await user.type(screen.getByLabelText('Card name (as on the account)'), 'Asha Kumari');
    await user.type(screen.getByLabelText('Bank account number'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Input must be a number')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(await screen.findByLabelText('UPI ID')).toHaveProperty('value', '');
    expect(screen.queryByText('Input must be a number')).toBeNull();
    expect(screen.queryByText('Please choose your bank')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Asha Kumari');
  });

  it('names what is missing as the method labels it, and starts the earner at the first message', async () => {
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Wallet' }));
    await screen.findByRole('option', { name: 'MobiKwik' });
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Please choose your wallet')).toBeTruthy();
    expect(screen.getByText('Please enter the account name')).toBeTruthy();
    expect(screen.getByText('Please enter the wallet phone number')).toBeTruthy();
    // The list of wallets registered last (it arrives over the network), yet it comes first on screen.
    const wallet = screen.getByRole('combobox', { name: 'Wallet' });
    expect(wallet.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(wallet);

    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    await user.clear(await screen.findByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter your UPI ID')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(saved).toHaveLength(0);
  });

  it('waits for the UPI institution before saving, so a quick tap on slow data sends a whole recipient', async () => {
    let release: () => void = () => {};
    const slowList = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (String(url).includes('method=upi')) await slowList;
      return answer(url as string, init);
    });
    const done = vi.fn();
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={done} />);
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    await user.type(await screen.findByLabelText('Name'), 'Asha Kumari');
    await user.type(screen.getByLabelText('UPI ID'), 'asha.k@okbank');
    const saveButton = screen.getByRole('button', { name: 'Save recipient' });
    expect(saveButton).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false));
    await user.click(saveButton);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved).toEqual([{ method: 'upi', institutionId: 3, name: 'Asha Kumari', account: 'asha.k@okbank' }]);
  });

  it('says under the bank list that a bank taken off it meanwhile is not available, and offers the list without it', async () => {
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let bankRemoved = false;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (String(url).startsWith('/app/pay/userRecipientSave')) {
        // What the server answers once an operator has switched the bank off: its own code, its message in the earner's language.
        bankRemoved = true;
        return json({ code: 1104, msg: 'This bank is not available. Please choose another', data: null });
      }
      if (bankRemoved && String(url).includes('method=bank')) return json({ code: 200, msg: 'ok', data: [...INSTITUTIONS.bank.slice(1), { id: 6, country: 'IN', method: 'bank', name: 'Canara Bank' }] });
      return answer(url as string, init);
    });
    const done = vi.fn();
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={done} />);
    await screen.findByRole('option', { name: 'HDFC Bank' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank' }), 'HDFC Bank');
    await user.type(screen.getByLabelText('Card name (as on the account)'), 'Asha Kumari');
    await user.type(screen.getByLabelText('Bank account number'), '123456789012');
    await user.type(screen.getByLabelText('IFSC code'), 'HDFC0001234');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));

    const bank = screen.getByRole('combobox', { name: 'Bank' });
    const message = await screen.findByText('This bank is not available. Please choose another');
    expect(bank.getAttribute('aria-describedby')).toBe(message.id);
    await waitFor(() => expect(screen.queryByRole('option', { name: 'HDFC Bank' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bank));
    // Nothing the earner typed is lost, and nothing popped up over the form.
    expect(screen.getByLabelText('Bank account number')).toHaveProperty('value', '123456789012');
    expect(document.querySelector('[role="status"], .g-toast')).toBeNull();
    expect(done).not.toHaveBeenCalled();

    // The bank that went is no longer the choice: saving again asks for one before sending anything.
    const sent = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/app/pay/userRecipientSave')).length;
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Please choose your bank')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/app/pay/userRecipientSave'))).toHaveLength(sent);

    await user.selectOptions(bank, 'State Bank of India');
    await waitFor(() => expect(screen.queryByText('Please choose your bank')).toBeNull());
  });

  it('asks a UPI recipient for an ID such as name@bank, and no IFSC', async () => {
    const user = userEvent.setup();
    render(<RecipientForm country="IN" methods={['bank', 'upi', 'wallet']} current={null} onDone={() => {}} />);
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    await user.type(await screen.findByLabelText('Name'), 'Asha Kumari');
    await user.type(screen.getByLabelText('UPI ID'), 'asha');
    await user.click(screen.getByRole('button', { name: 'Save recipient' }));
    expect(await screen.findByText('Enter a UPI ID such as name@bank')).toBeTruthy();
    expect(screen.queryByLabelText('IFSC code')).toBeNull();
    expect(saved).toHaveLength(0);
  });
});
