import { BrowserRouter, initI18n, queryClient, store, type Task, taskKeys, taskListQuery, tasksChanged, Toaster, userInfoAtom } from '@grab/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { task as baseTask, detail, run } from '../../../test/task-fixtures';
import TaskHall from './task-hall.page';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

// The hall's cards are mostly join-group tasks; each one names only what sets it apart.
function task(overrides: Partial<Task>): Task {
  return baseTask({
    kind: 'joinGroup',
    title: 'Join the news group',
    description: 'Join and stay for a day.',
    reward: 10000,
    taskBranchList: [{ id: 11, h5Url: '/joinTgTask', title: 'Join', action: 'open' }],
    ...overrides,
  });
}

const TASKS: Task[] = [
  task({ id: 1 }),
  task({
    id: 2,
    kind: 'share',
    schedule: 'recurring',
    title: 'Share the daily post',
    reward: 250,
    resetTime: '00:00',
    progress: { done: 2, total: 5 },
    status: 'inProgress',
    taskBranchList: [{ id: 21, h5Url: '/shareTask', title: 'Share', action: 'share' }],
  }),
  task({
    id: 3,
    kind: 'joinGroup',
    schedule: 'timed',
    title: 'Launch week group',
    endsAt: '2026-03-01T15:30:00.000Z',
    hoursLeft: 6,
    status: 'failed',
    taskBranchList: [{ id: 31, h5Url: '/joinTgTask?from=hall', title: 'Join', action: 'open' }],
  }),
  task({
    id: 4,
    kind: 'audit',
    title: 'Review the shop',
    minLevel: 3,
    locked: true,
    taskBranchList: [{ id: 41, h5Url: '/auditTask', title: 'Upload', action: 'proof' }],
  }),
  task({ id: 5, kind: 'audit', title: 'Rate the app', status: 'passed', taskBranchList: [] }),
  task({ id: 6, kind: 'audit', title: 'Old campaign', status: 'closed', closedReason: 'ended', taskBranchList: [] }),
  task({ id: 7, kind: 'audit', title: 'Photo of a receipt', status: 'underReview', taskBranchList: [] }),
];

function envelope(data: unknown, code = 200, status = 200) {
  return new Response(JSON.stringify({ code, data, msg: code === 200 ? 'ok' : 'Server is tired' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

function renderAt(url: string) {
  window.history.pushState({}, '', url);
  return render(
    <BrowserRouter>
      <TaskHall />
    </BrowserRouter>,
  );
}

/** The task-list requests only: Home also asks for the balance, the level and the currencies. */
function listCalls(): string[] {
  return fetchMock.mock.calls.map((call) => String((call as [string])[0])).filter((url) => url.startsWith('/app/task/list'));
}

function requestedUrl(n = 0): string {
  return listCalls()[n] ?? '';
}

const ASSET = { balance: 62000, pending: 0, withdrawable: 52000, locked: 10000, lockedReason: null, todayEarnings: 52000, totalEarnings: 52000, weekEarnings: 52000, dailyEarnings: [] };
const LEVEL = {
  level: 1,
  levels: [],
  taskPoints: 3500,
  activeInvitees: 0,
  next: { level: 2, minTaskPoints: 10000, minActiveInvitees: 1, rights: [] },
  unseenLevelUp: null as number | null,
};
const CURRENCIES = [
  { code: 'USD', language: 'en-US', microsPerPoint: 10_000, fractionDigits: 2 },
  { code: 'PKR', language: 'ur-PK', microsPerPoint: 2_800_000, fractionDigits: 0 },
];

const SHARING = { linkId: 'abc123XYZ', url: 'https://grab.example/register?shareCode=K7&link_id=abc123XYZ', visits: 0, visitsNeeded: 1 };
const shareDetail = (visits: number) =>
  detail({ ...(TASKS[1] as Task), proofPictures: 0, targetUrl: null, run: run({ status: 'inProgress', currentStepId: 21, share: { ...SHARING, visits } }) });
/** What the share card's calls answer, in turn (the last one repeats). */
let shareAnswers: { detail: unknown[]; leading: unknown[]; collect: unknown[] };

/** Answers the summary's calls; the task list gets `list` (one answer, or one per call). */
function answer(...lists: Response[]) {
  let n = 0;
  const next = (queue: unknown[]) => envelope(queue.length > 1 ? queue.shift() : queue[0]);
  fetchMock.mockImplementation((url: string) => {
    if (url.startsWith('/app/task/detail')) return Promise.resolve(next(shareAnswers.detail));
    if (url.startsWith('/app/task/leading-task')) return Promise.resolve(next(shareAnswers.leading));
    if (url.startsWith('/app/task/collect')) return Promise.resolve(next(shareAnswers.collect));
    if (url.startsWith('/app/user/assetInfo')) return Promise.resolve(envelope(ASSET));
    if (url.startsWith('/app/user/level-info')) return Promise.resolve(envelope(LEVEL));
    if (url.startsWith('/app/currency/list')) return Promise.resolve(envelope(CURRENCIES));
    const response = lists[Math.min(n, lists.length - 1)] as Response;
    n++;
    return Promise.resolve(response.clone());
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.setItem('token', 'tok');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
  shareAnswers = { detail: [shareDetail(0)], leading: [{ next: null, run: run({ status: 'passed', currentStepId: null }) }], collect: [{ reward: 250, balance: 62250 }] };
  await initI18n();
});

afterEach(() => {
  store.set(userInfoAtom, null);
});

describe('TaskHall', () => {
  it('groups tasks by where the earner stands, each card with its kind, reward, progress and a link', async () => {
    answer(envelope(TASKS));
    renderAt('/home');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');

    const available = await screen.findByRole('region', { name: 'Available now' });
    expect(requestedUrl()).toBe('/app/task/list');
    expect(screen.getByRole('heading', { level: 1, name: 'Task hall' })).toBeTruthy();
    // Available now, then in progress, then done, then locked or closed.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Your progress', 'Available now', 'In progress', 'Locked or closed']);
    // Inside "available now": a reward to collect, then a retry, then new tasks.
    const titles = within(available).getAllByRole('article').map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent);
    expect(titles).toEqual(['Rate the app', 'Launch week group', 'Join the news group']);

    const once = within(available).getByRole('article', { name: 'Join the news group' });
    expect(within(once).getByText('Join a group')).toBeTruthy();
    expect(once.querySelector('svg')).toBeTruthy();
    expect(within(once).getByText('100 points')).toBeTruthy();
    expect(within(once).getByText('One-time')).toBeTruthy();
    expect(within(once).getByText('0 of 1 done')).toBeTruthy();
    expect(within(once).getByRole('link', { name: /Start/ }).getAttribute('href')).toBe('/taskDetail?taskId=1&taskType=joinGroup');

    const timed = within(available).getByRole('article', { name: 'Launch week group' });
    expect(within(timed).getByText('Timed')).toBeTruthy();
    expect(within(timed).getByText('6 hours left')).toBeTruthy();
    expect(within(timed).getByText('Review failed')).toBeTruthy();
    expect(within(timed).getByRole('link', { name: /Upload again/ }).getAttribute('href')).toBe('/taskDetail?taskId=3&taskType=joinGroup');

    const passed = within(available).getByRole('article', { name: 'Rate the app' });
    expect(within(passed).getByText('Passed: collect')).toBeTruthy();
    expect(within(passed).getByRole('link', { name: /Collect/ })).toBeTruthy();

    const underway = screen.getByRole('region', { name: 'In progress' });
    const recurring = within(underway).getByRole('article', { name: 'Share the daily post' });
    expect(within(recurring).getByText('Recurring')).toBeTruthy();
    expect(within(recurring).getByText(/^Resets at /)).toBeTruthy();
    expect(within(recurring).getByText('2.5 points')).toBeTruthy();
    const progress = within(recurring).getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement;
    expect(progress.value).toBe(2);
    expect(progress.max).toBe(5);
    expect(within(recurring).getByText('2 of 5 done')).toBeTruthy();
    expect(within(recurring).getAllByText('In progress').length).toBeGreaterThan(0);
    // A share task is shared from its card; the visits show while the earner waits for them.
    expect(within(recurring).getByRole('button', { name: 'Share — Share the daily post' })).toBeTruthy();
    expect(await within(recurring).findByText('0 of 1')).toBeTruthy();
    expect(within(within(underway).getByRole('article', { name: 'Photo of a receipt' })).getByText('Under review')).toBeTruthy();

    const closed = screen.getByRole('region', { name: 'Locked or closed' });
    const locked = within(closed).getByRole('article', { name: 'Review the shop' });
    expect(within(locked).getByText('LV3')).toBeTruthy();
    expect(within(locked).getByRole('link', { name: /View/ }).getAttribute('href')).toBe('/taskDetail?taskId=4&taskType=audit');
    expect(within(within(closed).getByRole('article', { name: 'Old campaign' })).getByText('Ended')).toBeTruthy();

    expect(queryClient.getQueryData(taskKeys.list())).toEqual(TASKS);
    // Many cards to render and query in a DOM emulation: a busy machine takes its time.
  }, 30_000);

  it('leads with the balance, today, the level on its way to the next, and the gift-code box', async () => {
    answer(envelope([...TASKS, task({ id: 8, kind: 'redeemCode', title: 'Redeem a gift code', taskBranchList: [] })]));
    renderAt('/home');
    const summary = await screen.findByTestId('progress-summary');
    await waitFor(() => expect(within(summary).getByTestId('home-balance').textContent).toBe('620 points'));
    expect(within(summary).getByTestId('home-worth').textContent).toBe('≈ $6.20');
    expect(within(summary).getByTestId('home-today').textContent).toBe('+520 points');
    const bar = await within(summary).findByRole('progressbar', { name: 'On the way to LV2' });
    // 35 of 100 points, 0 of 1 friend: the smaller share decides.
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    // Said once in the link's name: by the bar's value text, the same words on screen hidden from it.
    expect(bar.getAttribute('aria-valuetext')).toBe('35\u00a0points of 100\u00a0points · 0 of 1 active friends');
    expect(within(summary).getByText('35 points of 100 points · 0 of 1 active friends').getAttribute('aria-hidden')).toBe('true');
    expect(within(summary).getByTestId('home-level').getAttribute('href')).toBe('/userLevel');
    expect(within(summary).getByTestId('home-redeem').getAttribute('href')).toBe('/taskDetail?taskId=8&taskType=redeemCode');
    // The redemption card says codes are many, not "One-time".
    const codes = screen.getByRole('article', { name: 'Redeem a gift code' });
    expect(within(codes).getByText('Every code counts')).toBeTruthy();
    expect(within(codes).queryByText('One-time')).toBeNull();
  });

  it("shows the worth in the account's currency, not the language's: a Pakistani account read in English", async () => {
    store.set(userInfoAtom, { id: 5, phone: '+923001234567', country: 'PK', thirdUserId: 't5', thirdName: 'Sana', asset: 62000, level: 1, inviteCode: 'SANA01', currency: 'PKR', createdAt: '2026-01-01T00:00:00.000Z' });
    answer(envelope(TASKS));
    renderAt('/home');
    const summary = await screen.findByTestId('progress-summary');
    await waitFor(() => expect(within(summary).getByTestId('home-worth').textContent).toMatch(/^≈ PKR\s1,736$/));
  });

  it('says a level-up on Home too, with the way to what it brings', async () => {
    answer(envelope(TASKS));
    LEVEL.unseenLevelUp = 2;
    renderAt('/home');
    const notice = await screen.findByTestId('home-level-up');
    LEVEL.unseenLevelUp = null;
    expect(notice.textContent).toContain('You reached LV2!');
    expect(within(notice).getByRole('link', { name: 'See what it brings' }).getAttribute('href')).toBe('/userLevel');
  });

  it('asks for one kind when the URL names a taskType and offers the whole list back', async () => {
    answer(envelope([TASKS[1]]));
    renderAt('/home?taskType=share');
    expect(await screen.findByRole('region', { name: 'In progress' })).toBeTruthy();
    expect(requestedUrl()).toBe('/app/task/list?taskType=share');
    expect(screen.getByText('Showing: Share')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all tasks' }).getAttribute('href')).toBe('/home');
  });

  it('ignores an unknown taskType', async () => {
    answer(envelope([]));
    renderAt('/home?taskType=bogus');
    expect(await screen.findByText('No tasks right now. Check back soon.')).toBeTruthy();
    expect(requestedUrl()).toBe('/app/task/list');
  });

  it('shows an error with a retry that loads the list', async () => {
    answer(envelope(null, 500, 500), envelope(TASKS));
    renderAt('/home');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The tasks could not be loaded.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Available now' })).toBeTruthy();
    expect(listCalls()).toHaveLength(2);
  });

  it('takes the list the host asked for while the remote downloaded, without asking again', async () => {
    answer(envelope(TASKS));
    await queryClient.prefetchQuery(taskListQuery());
    renderAt('/home');
    expect(await screen.findByRole('region', { name: 'Available now' })).toBeTruthy();
    expect(listCalls()).toHaveLength(1);
  });

  it('asks again once a task changed elsewhere, and shows the new state', async () => {
    const rate = TASKS.find((t) => t.title === 'Rate the app') as Task;
    answer(envelope(TASKS), envelope(TASKS.map((t) => (t.id === rate.id ? { ...t, status: 'completed' } : t))));
    renderAt('/home');
    const card = await screen.findByRole('article', { name: 'Rate the app' });
    expect(within(card).getByText('Passed: collect')).toBeTruthy();
    await act(() => tasksChanged());
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Rate the app' })).getByText('Completed')).toBeTruthy());
  });

  it('shares and collects a share task from its card, and the progress moves in place', async () => {
    const share = TASKS[1] as Task;
    const collected = { ...share, status: 'notStarted' as const, progress: { done: 3, total: 5 } };
    answer(envelope(TASKS), envelope(TASKS.map((t) => (t.id === share.id ? collected : t))));
    shareAnswers.detail = [shareDetail(1)];
    const shareSheet = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: shareSheet });
    render(<Toaster />);
    renderAt('/home');
    const card = await screen.findByRole('article', { name: share.title });
    expect(within(card).getByText('2 of 5 done')).toBeTruthy();
    // Enough visits came: Collect finishes the share step and collects, in one tap.
    await userEvent.click(await within(card).findByRole('button', { name: 'Collect — Share the daily post' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: share.title })).getByText('3 of 5 done')).toBeTruthy());
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), (init as RequestInit | undefined)?.body] as const);
    const lead = calls.find(([url]) => url === '/app/task/leading-task');
    expect(JSON.parse(String(lead?.[1]))).toEqual({ taskId: share.id, stepId: 21 });
    expect(calls.some(([url]) => url === `/app/task/collect?taskId=${share.id}`)).toBe(true);
    expect(await screen.findByText('2.5 points credited')).toBeTruthy();

    // The next share of the day: the sheet opens with the earner's link.
    const fresh = within(screen.getByRole('article', { name: share.title }));
    shareAnswers.leading = [{ next: { id: 21, h5Url: '/shareTask', title: 'Share', action: 'share' }, run: run({ currentStepId: 21, share: SHARING }) }];
    await userEvent.click(fresh.getByRole('button', { name: 'Share — Share the daily post' }));
    await waitFor(() => expect(shareSheet).toHaveBeenCalledWith({ url: SHARING.url, text: share.title }));
    Reflect.deleteProperty(navigator, 'share');
  });

  it('offline, shows what it last had read-only, with when it was updated', async () => {
    answer(envelope(TASKS));
    renderAt('/home');
    await screen.findByRole('region', { name: 'Available now' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const note = await screen.findByTestId('offline-note');
      expect(note.textContent).toBe('Offline · last updated now. Tasks open again when you are back online.');
      const start = within(screen.getByRole('article', { name: 'Join the news group' })).getByRole('button', { name: /^Start/ }) as HTMLButtonElement;
      expect(start.disabled).toBe(true);
      expect(start.getAttribute('aria-describedby')).toBe(note.id);
      expect(screen.queryByRole('link', { name: /^Start/ })).toBeNull();
    } finally {
      onLine.mockRestore();
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
  });
});
