import { BrowserRouter, initI18n, queryClient, Toaster } from '@grab/shared';
import { amountText } from '@grab/shared/testing/amount';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, INVITER, invitee, LEVEL_INFO, type Routes, SHARE, stubTeamApi } from '../../test/team-fixtures';
import TeamPage from './team.page';

const DAY = (date: string, registered = 0) => ({ date, registered, onlineUsers: 1, onlinePoints: 2550, withdrawalUsers: 0, withdrawalPoints: 0 });
const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');

let routes: Routes;
let api: ReturnType<typeof stubTeamApi>;

function setSecure(secure: boolean) {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: secure });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  queryClient.clear();
  const everyone = Array.from({ length: 12 }, (_, i) => invitee(i + 1, i === 0 ? { heldBonus: 750, verified: false } : {}));
  routes = {
    '/app/user/shareInfo': () => envelope(SHARE),
    '/app/user/level-info': () => envelope(LEVEL_INFO),
    '/app/team/invitees': (q) => {
      const page = Number(q.get('page'));
      const size = Number(q.get('pageSize'));
      return envelope({ items: everyone.slice((page - 1) * size, page * size), total: everyone.length, page, pageSize: size });
    },
    '/app/stat/everyDayStat': (q) => envelope({ days: [DAY(q.get('start') ?? ''), DAY(q.get('end') ?? '', 2)], maxDays: 31 }),
  };
  api = stubTeamApi(routes);
  setSecure(true);
  await initI18n();
});

afterEach(() => {
  vi.useRealTimers();
  if (originalShare) Object.defineProperty(navigator, 'share', originalShare);
  else Reflect.deleteProperty(navigator, 'share');
});

function renderPage() {
  return render(
    <BrowserRouter>
      <TeamPage />
      <Toaster />
    </BrowserRouter>,
  );
}

const figure = (region: HTMLElement, label: string) => within(region).getByText(label).closest('div') as HTMLElement;

describe('TeamPage', () => {
  it('shows the code, a link that fits the screen, the invitation data and the configured rebates', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite friends' })).toBeTruthy();
    const shareCall = api.calls.find((c) => c.path === '/app/user/shareInfo');
    expect(shareCall?.init?.method).toBe('POST');
    expect(within(screen.getByRole('group', { name: 'Invitation code' })).getByText('K7Q2MZ')).toBeTruthy();
    // The long link is shown shortened, never broken mid-word; the whole one is what gets copied.
    const shown = screen.getByRole('group', { name: 'Share link' }).querySelector('[dir="ltr"]');
    expect(shown?.textContent).toBe('earn.grab-rewards.example.com/…K7Q2MZ');
    // The code is a part of its own that never shrinks; only the host gives way.
    expect(within(shown as HTMLElement).getByText('/…K7Q2MZ')).toBeTruthy();

    const data = screen.getByRole('region', { name: 'Invitation data' });
    expect(within(figure(data, 'Total invitations')).getByText('1,234')).toBeTruthy();
    expect(within(figure(data, 'Direct invitees')).getByText('12')).toBeTruthy();
    expect(figure(data, 'My inviter').textContent).toBe(`My inviter${INVITER.maskedPhone} LV3`);
    expect(within(figure(data, 'My level')).getByRole('link', { name: 'LV2 Levels and rights' }).getAttribute('href')).toBe('/userLevel');
    expect(within(figure(data, 'Total bonus')).getByText(amountText('4,567 points'))).toBeTruthy();
    expect(within(figure(data, "Today's bonus")).getByText(amountText('12.5 points'))).toBeTruthy();
    expect(within(figure(data, "Yesterday's bonus")).getByText(amountText('9 points'))).toBeTruthy();
    expect(within(figure(data, 'Direct bonus')).getByText(amountText('3,000 points'))).toBeTruthy();

    const rates = within(screen.getByRole('region', { name: 'How team bonuses work' })).getAllByRole('listitem');
    expect(rates.map((li) => li.textContent)).toEqual(['Level 1: people you invited3%', 'Level 22%', 'Level 32%', 'Level 41%', 'Level 50.5%']);
  });

  it('shows the held bonus apart, with the reason it waits', async () => {
    renderPage();
    const held = await screen.findByTestId('held-bonus');
    expect(held.textContent).toContain('Held bonus 45\u00a0points');
    expect(held.textContent).toContain("Waiting for the invitee's first approved audit task.");
    expect(within(screen.getByRole('region', { name: 'Invitation data' })).getByText(amountText('4,567 points'))).toBeTruthy();
  });

  it('says who invited nobody, and shows no held bonus when nothing waits', async () => {
    routes['/app/user/shareInfo'] = () => envelope({ ...SHARE, inviter: null, heldBonus: 0 });
    renderPage();
    const data = await screen.findByRole('region', { name: 'Invitation data' });
    expect(figure(data, 'My inviter').textContent).toBe('My inviterNone');
    expect(screen.queryByTestId('held-bonus')).toBeNull();
  });

  it('copies the code with the Clipboard API and says so on the button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation code' }));
    // The clipboard helper is fetched on first use, so the copy lands a moment after the click.
    const button = screen.getByRole('button', { name: 'Copy invitation code' });
    await waitFor(() => expect(button.textContent).toBe('Copied'));
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Copied')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('K7Q2MZ');
  });

  it('copies the whole link through a hidden textarea where the Clipboard API is missing', async () => {
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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy share link' }).textContent).toBe('Copied'));
  });

  it('tells the earner when copying fails', async () => {
    const user = userEvent.setup();
    setSecure(false);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation code' }));
    expect(await screen.findByText('Could not copy. Please copy it by hand.')).toBeTruthy();
  });

  it('opens the native share sheet when the browser has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share invitation' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Grab',
      text: 'Join me on Grab and earn points with small tasks. My invitation code: K7Q2MZ',
      url: SHARE.shareLink,
    });
  });

  it('copies the link instead where there is no share sheet', async () => {
    const user = userEvent.setup();
    Reflect.deleteProperty(navigator, 'share');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Share invitation' }));
    expect(await screen.findByText('Link copied. Paste it in a chat to invite a friend.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SHARE.shareLink);
  });

  it('retries after the invitation data failed to load', async () => {
    const user = userEvent.setup();
    let failures = 1;
    routes['/app/user/shareInfo'] = () => (failures-- > 0 ? envelope(null, 500, 'Unavailable') : envelope(SHARE));
    renderPage();
    const problem = (await screen.findByText('Your team information could not be loaded.')).closest('[role="alert"]') as HTMLElement;
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('K7Q2MZ')).toBeTruthy();
  });
});

describe('the invitees', () => {
  it('lists direct invitees a page at a time, with join date, level, bonus and a held badge, and the counts per depth', async () => {
    const user = userEvent.setup();
    renderPage();
    const region = await screen.findByRole('region', { name: 'Your invitees' });
    const depths = within(region).getByLabelText('Team members at each level');
    expect([...depths.querySelectorAll('div')].map((d) => d.textContent)).toEqual(['Level 112', 'Level 240', 'Level 3300', 'Level 4500', 'Level 5382']);

    await waitFor(() => expect(within(region).getAllByTestId('invitee')).toHaveLength(10));
    const first = within(region).getAllByTestId('invitee')[0] as HTMLElement;
    expect(first.textContent).toContain('+91 ••••••1001');
    expect(first.textContent).toContain('LV1');
    expect(first.textContent).toContain('7.5\u00a0points held');
    expect(first.textContent).toContain('Joined Nov 20, 2026');
    expect(first.textContent).toContain('Earned you 1\u00a0point');
    expect(within(region).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(region).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(region).getAllByTestId('invitee')).toHaveLength(2));
    expect(within(region).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(region).getAllByTestId('invitee')[0]?.textContent).not.toContain('held');
    expect(api.calls.filter((c) => c.path === '/app/team/invitees').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('invites the earner to share when no one has joined yet', async () => {
    routes['/app/team/invitees'] = () => envelope({ items: [], total: 0, page: 1, pageSize: 10 });
    renderPage();
    expect(await screen.findByText('No one has joined with your code yet. Share your link to start your team.')).toBeTruthy();
  });
});

describe('the agent report', () => {
  const dates = () => {
    const region = screen.getByRole('region', { name: 'Agent report' });
    return { region, start: within(region).getByLabelText('Start date'), end: within(region).getByLabelText('End date'), search: within(region).getByRole('button', { name: 'Search' }) };
  };

  it('shows the last seven days at first, today on top, with every column, and a quiet day on one line', async () => {
    const quiet = { ...DAY('2026-11-20'), onlineUsers: 0, onlinePoints: 0 };
    routes['/app/stat/everyDayStat'] = (q) => envelope({ days: [DAY(q.get('start') ?? ''), quiet, DAY(q.get('end') ?? '', 2)], maxDays: 31 });
    renderPage();
    await screen.findByRole('region', { name: 'Agent report' });
    await waitFor(() => expect(screen.getAllByTestId('report-day').length).toBe(4));
    expect(api.calls.find((c) => c.path === '/app/stat/everyDayStat')?.query.toString()).toBe('start=2026-11-18&end=2026-11-24');
    const [total, today, middle, first] = screen.getAllByTestId('report-day') as HTMLElement[];
    expect(middle?.textContent).toBe('Fri, Nov 20, 2026No activity');
    expect(total?.textContent).toContain('All 3 days');
    expect(total?.textContent).toContain('Registered users2');
    expect(today?.textContent).toContain('Today, Tue, Nov 24, 2026');
    expect(today?.textContent).toBe('Today, Tue, Nov 24, 2026Registered users2Online users1Online points25.5\u00a0pointsWithdrawal users0Withdrawal points0\u00a0points');
    expect(first?.textContent).toContain('Wed, Nov 18, 2026');
  });

  it('asks for a missing date before asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Agent report' });
    const { region, start, search } = dates();
    fireEvent.change(start, { target: { value: '' } });
    const before = api.calls.length;
    await user.click(search);
    const message = await within(region).findByRole('alert');
    expect(message.textContent).toBe('Please select time period to search');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(start.getAttribute('aria-describedby')).toBe(message.id);
    expect(api.calls.length).toBe(before);
  });

  it('refuses more days than the server takes', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('report-day').length).toBe(3));
    const { region, start, end, search } = dates();
    fireEvent.change(start, { target: { value: '2026-10-01' } });
    fireEvent.change(end, { target: { value: '2026-11-24' } });
    await user.click(search);
    expect((await within(region).findByRole('alert')).textContent).toBe('Choose no more than 31 days');
  });

  it('shows the server refusal where the dates are, without a toast', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('report-day').length).toBe(3));
    routes['/app/stat/everyDayStat'] = () => envelope(null, 400, 'Choose no more than 7 days');
    const { region, start, search } = dates();
    fireEvent.change(start, { target: { value: '2026-11-10' } });
    await user.click(search);
    expect((await within(region).findByRole('alert')).textContent).toBe('Choose no more than 7 days');
    // Said once, next to the dates: no toast repeats it.
    expect(screen.getAllByText('Choose no more than 7 days')).toHaveLength(1);
    expect(screen.queryAllByTestId('report-day')).toHaveLength(0);
  });
});

describe('the level-up notice', () => {
  it('shows once and is dismissed on the server', async () => {
    const user = userEvent.setup();
    routes['/app/user/level-info'] = () => envelope({ ...LEVEL_INFO, unseenLevelUp: 2 });
    routes['/app/user/level-seen'] = () => envelope(null);
    renderPage();
    const notice = await screen.findByRole('status', { name: 'You reached LV2!' });
    await user.click(within(notice).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status', { name: 'You reached LV2!' })).toBeNull();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/app/user/level-seen')).toBe(true));
    const seen = api.calls.find((c) => c.path === '/app/user/level-seen');
    expect(JSON.parse(String(seen?.init?.body))).toEqual({ level: 2 });
  });
});
