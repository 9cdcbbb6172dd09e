import { initI18n, queryClient, Toaster } from '@grab/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TeamPage from './team.page';

const SHARE = {
  inviteCode: 'K7Q2MZ',
  shareLink: 'http://127.0.0.1:8080/register?shareCode=K7Q2MZ',
  totalInvites: 1234,
  directInvites: 12,
  totalBonus: 456700,
  todayBonus: 1250,
};

function envelope(data: unknown, code = 200, status = 200) {
  return new Response(JSON.stringify({ code, data, msg: code === 200 ? 'ok' : 'Unavailable' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');

function setSecure(secure: boolean) {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: secure });
}

beforeEach(async () => {
  queryClient.clear();
  fetchMock = vi.fn().mockResolvedValue(envelope(SHARE));
  vi.stubGlobal('fetch', fetchMock);
  setSecure(true);
  await initI18n();
});

afterEach(() => {
  if (originalShare) Object.defineProperty(navigator, 'share', originalShare);
  else Reflect.deleteProperty(navigator, 'share');
});

function renderPage() {
  return render(
    <>
      <TeamPage />
      <Toaster />
    </>,
  );
}

describe('TeamPage', () => {
  it('shows code, link, team counts, bonuses and the 3/2/2/1/1 % rebates', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite friends' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/app/user/shareInfo');
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].method).toBe('POST');
    expect(within(screen.getByRole('group', { name: 'Invitation code' })).getByText('K7Q2MZ')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Share link' })).getByText(SHARE.shareLink)).toBeTruthy();

    const team = screen.getByRole('region', { name: 'Your team' });
    const stat = (label: string) => within(team).getByText(label).closest('div') as HTMLElement;
    expect(within(stat('Direct invitees')).getByText('12')).toBeTruthy();
    expect(within(stat('Total team members')).getByText('1,234')).toBeTruthy();
    expect(within(stat('Total bonus')).getByText('4,567 points')).toBeTruthy();
    expect(within(stat("Today's bonus")).getByText('12.5 points')).toBeTruthy();

    const rates = within(screen.getByRole('region', { name: 'How team bonuses work' })).getAllByRole('listitem');
    expect(rates.map((li) => li.textContent)).toEqual([
      'Level 1: people you invited3%',
      'Level 22%',
      'Level 32%',
      'Level 41%',
      'Level 51%',
    ]);
  });

  it('copies the code with the Clipboard API and confirms with a toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation code' }));
    // The clipboard helper is fetched on first use, so the copy lands a moment after the click.
    expect(await screen.findByText('Copy success')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('K7Q2MZ');
  });

  it('falls back to a hidden textarea where the Clipboard API is missing', async () => {
    const user = userEvent.setup();
    setSecure(false);
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = command === 'copy' ? (document.querySelector('textarea')?.value ?? '') : '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy share link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe(SHARE.shareLink);
    expect(document.querySelector('textarea')).toBeNull();
    expect(await screen.findByText('Copy success')).toBeTruthy();
  });

  it('tells the earner when copying fails', async () => {
    const user = userEvent.setup();
    setSecure(false);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation code' }));
    expect(await screen.findByText('Could not copy. Please copy it by hand.')).toBeTruthy();
  });

  it('offers the native share sheet when the browser has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Grab',
      text: 'Join me on Grab and earn points with small tasks. My invitation code: K7Q2MZ',
      url: SHARE.shareLink,
    });
  });

  it('hides the share button without a share sheet, and retries after an error', async () => {
    const user = userEvent.setup();
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(envelope(null, 500, 500)).mockResolvedValueOnce(envelope(SHARE));
    renderPage();
    const problem = (await screen.findByText('Your team information could not be loaded.')).closest('[role="alert"]') as HTMLElement;
    // The server's own message is toasted as well.
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('K7Q2MZ')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
