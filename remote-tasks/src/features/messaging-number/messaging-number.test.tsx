import { type AppInfo, BrowserRouter, DialogHost, initI18n, type PendingCode, type PhoneStatus, queryClient, Toaster } from '@grab/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath } from '../../../test/task-fixtures';
import MessagingNumberPage from './messaging-number.page';

/** A messaging API answer as the server sends it: code 0 and `message`. */
function ws(data: unknown, code = 0, message = 'ok'): Response {
  return new Response(JSON.stringify({ code, data, message }), { status: code === 0 ? 200 : 400, headers: { 'content-type': 'application/json' } });
}

const NUMBER = '+919876500001';
/** The number as the page writes it once the phone library has loaded. */
const SHOWN = '+91 98765 00001';

function info(overrides: Partial<AppInfo> = {}): AppInfo {
  return {
    officialAccount: '+10000000000',
    codeValidSeconds: 600,
    dailyCap: 480000,
    earnedToday: 0,
    reward: 2000,
    eligibility: null,
    simulator: false,
    numbers: [],
    ...overrides,
  };
}

const CODE: PendingCode = { phone: NUMBER, country: 'IN', code: '482913', expiresAt: '2026-11-25T10:30:00.000Z', link: 'https://wa.me/10000000000?text=482913' };
const status = (overrides: Partial<PhoneStatus>): PhoneStatus => ({ phone: NUMBER, state: 'waiting', online: false, reward: 0, capped: false, expiresAt: CODE.expiresAt, ...overrides });
const VERIFIED = { phone: NUMBER, country: 'IN', verifiedAt: '2026-11-25T10:21:00.000Z', online: true, reward: 2000 };

let fetchMock: ReturnType<typeof vi.fn>;
function serve(routes: Record<string, unknown[]>) {
  const wrapped = Object.fromEntries(Object.entries(routes).map(([path, answers]) => [path, answers.map((a) => (a instanceof Response ? a : ws(a)))]));
  fetchMock.mockImplementation(answerByPath(wrapped));
}
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path) as [string, RequestInit][];

function renderPage() {
  window.history.pushState({}, '', '/wsTask?taskType=messaging&taskId=7&id=31');
  return render(
    <BrowserRouter>
      <MessagingNumberPage />
      <DialogHost />
      <Toaster />
    </BrowserRouter>,
  );
}

describe('MessagingNumberPage', () => {
  beforeEach(async () => {
    queryClient.clear();
    localStorage.setItem('token', 'tok');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
  });

  it('gets a code, shows how to send it to the official account, and closes by itself once it arrives', async () => {
    serve({
      '/api/user/get_appinfo': [info(), info({ earnedToday: 2000, numbers: [VERIFIED] })],
      '/api/user/get_code': [null],
      '/api/user/addwsnumber': [CODE],
      '/api/user/get_phonestatus': [status({}), status({ state: 'verified', online: true, reward: 2000 })],
      '/app/task/list': [{ list: [] }],
      '/app/user/info': [{}],
      '/app/user/assetInfo': [{}],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verify your messaging number' })).toBeTruthy();
    expect(screen.getByText(/never ask for a pairing or linked-device code/)).toBeTruthy();
    expect(await screen.findByText('No verified numbers yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter phone number');
    expect(callsTo('/api/user/addwsnumber')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'IN');
    await userEvent.type(screen.getByLabelText('Messaging number'), '98765 00001');
    await userEvent.click(screen.getByRole('button', { name: 'Get code' }));

    const window_ = await screen.findByRole('dialog', { name: 'Send this code to our official account' });
    expect(JSON.parse(String(callsTo('/api/user/addwsnumber')[0]?.[1].body))).toEqual({ country: 'IN', phone: '9876500001' });
    expect(callsTo('/api/user/addwsnumber')[0]?.[0]).toMatch(/sign=[0-9a-f]{64}/);
    expect(within(window_).getByLabelText('Your one-time code').textContent).toBe('482913');
    const open = within(window_).getByRole('link', { name: /Open messaging app/ });
    expect(open.getAttribute('href')).toBe('https://wa.me/10000000000?text=482913');
    expect(within(window_).getAllByRole('listitem')).toHaveLength(3);
    // Numbers are written as their country writes them once the phone library is in; one it cannot
    // tell valid (this official account) stays as given.
    const sendText = await within(window_).findByText(`Send it as a message from ${SHOWN}.`, { exact: false });
    // Inside a sentence the number never breaks between its groups.
    expect(sendText.textContent).toContain(SHOWN.replaceAll(' ', '\u00A0'));
    expect(within(window_).getByText('+10000000000')).toBeTruthy();
    expect(within(window_).queryByRole('button', { name: /Simulate/ })).toBeNull();
    expect(await within(window_).findByText(/Waiting for your code/)).toBeTruthy();

    // The status is asked again on its own; once verified the window closes and the list shows the number.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 15_000 });
    const verified = await vi.waitFor(() => {
      const found = screen.getAllByRole('status').find((element) => element.textContent?.includes(`${SHOWN.replaceAll(' ', '\u00A0')} is verified`));
      expect(found).toBeTruthy();
      return found;
    });
    expect(verified?.textContent).toContain('20\u00a0points were added');
    const list = await screen.findByRole('list', {});
    expect(await within(list).findByText(SHOWN)).toBeTruthy();
    expect(within(list).getByText('Online')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
  }, 30_000);

  it('deletes a number only after the confirm dialog, and keeps it when the earner says no', async () => {
    serve({
      '/api/user/get_code': [null],
      '/api/user/dwsaccount': [{ deleted: true }],
      '/app/task/list': [{ list: [] }],
      '/app/user/info': [{}],
      '/app/user/assetInfo': [{}],
    });
    // The list holds the number until it was deleted, however often it is asked.
    const others = fetchMock.getMockImplementation() as (url: string) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string) => {
      if (String(url).startsWith('/api/user/get_appinfo')) return ws(callsTo('/api/user/dwsaccount').length > 0 ? info() : info({ numbers: [{ ...VERIFIED, online: false }] }));
      return others(url);
    });
    renderPage();
    const remove = await screen.findByRole('button', { name: `Delete ${SHOWN}` });
    expect(screen.getByText('Offline')).toBeTruthy();

    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete this number?' });
    expect(dialog.textContent).toContain('Adding it again later earns no new points');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(callsTo('/api/user/dwsaccount')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Delete ${SHOWN}` }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this number?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(callsTo('/api/user/dwsaccount')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/user/dwsaccount')[0]?.[1].body))).toEqual({ phone: NUMBER });
    expect(await screen.findByText('No verified numbers yet.')).toBeTruthy();
  });

  it('resumes a code still waiting, offers the simulator in demo mode, and a new code once it expired', async () => {
    serve({
      '/api/user/get_appinfo': [info({ simulator: true, eligibility: 'Registered over 1 year, high activity' })],
      '/api/user/get_code': [CODE],
      '/api/user/get_phonestatus': [status({ state: 'expired' })],
    });
    renderPage();
    expect(await screen.findByText('Registered over 1 year, high activity')).toBeTruthy();
    const window_ = await screen.findByRole('dialog', { name: 'Send this code to our official account' });
    expect(await within(window_).findByText(/This code has expired/)).toBeTruthy();
    await userEvent.click(within(window_).getByRole('button', { name: 'Get a new code' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
  });

  it('shows the eligibility rule only when the operator set one', async () => {
    serve({ '/api/user/get_appinfo': [info()], '/api/user/get_code': [null] });
    renderPage();
    expect(await screen.findByText('No verified numbers yet.')).toBeTruthy();
    expect(screen.queryByText('Who can take part:')).toBeNull();
  });
});
