import { BrowserRouter, initI18n, queryClient, type Task, taskKeys, taskListQuery, tasksChanged } from '@grab/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { task as baseTask } from '../../../test/task-fixtures';
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

function requestedUrl(n = 0): string {
  return String((fetchMock.mock.calls[n] as [string])[0]);
}

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.setItem('token', 'tok');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
  await initI18n();
});

describe('TaskHall', () => {
  it('groups tasks by kind with labels, reward, progress and a link to each task', async () => {
    fetchMock.mockResolvedValue(envelope(TASKS));
    renderAt('/home');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');

    const join = await screen.findByRole('region', { name: 'Join a group' });
    const share = screen.getByRole('region', { name: 'Share' });
    expect(requestedUrl()).toBe('/app/task/list');
    expect(screen.getByRole('heading', { level: 1, name: 'Task hall' })).toBeTruthy();
    // Groups follow the product's kind order, not the response order.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Join a group', 'Share', 'Screenshot tasks']);

    const once = within(join).getByRole('article', { name: 'Join the news group' });
    expect(within(once).getByText('100 points')).toBeTruthy();
    expect(within(once).getByText('One-time')).toBeTruthy();
    expect(within(once).getByText('0 of 1 done')).toBeTruthy();
    expect(within(once).getByRole('link', { name: /Start/ }).getAttribute('href')).toBe('/taskDetail?taskId=1&taskType=joinGroup');

    const timed = within(join).getByRole('article', { name: 'Launch week group' });
    expect(within(timed).getByText('Timed')).toBeTruthy();
    expect(within(timed).getByText('6 h left')).toBeTruthy();
    expect(within(timed).getByText('Review failed')).toBeTruthy();
    expect(within(timed).getByRole('link', { name: /Upload again/ }).getAttribute('href')).toBe('/taskDetail?taskId=3&taskType=joinGroup');

    const recurring = within(share).getByRole('article', { name: 'Share the daily post' });
    expect(within(recurring).getByText('Recurring')).toBeTruthy();
    expect(within(recurring).getByText(/^Resets at /)).toBeTruthy();
    expect(within(recurring).getByText('2.5 points')).toBeTruthy();
    const progress = within(recurring).getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement;
    expect(progress.value).toBe(2);
    expect(progress.max).toBe(5);
    expect(within(recurring).getByText('2 of 5 done')).toBeTruthy();
    expect(within(recurring).getByText('In progress')).toBeTruthy();
    expect(within(recurring).getByRole('link', { name: /Continue/ }).getAttribute('href')).toBe('/taskDetail?taskId=2&taskType=share');

    const audits = screen.getByRole('region', { name: 'Screenshot tasks' });
    const locked = within(audits).getByRole('article', { name: 'Review the shop' });
    expect(within(locked).getByText('LV3')).toBeTruthy();
    expect(within(locked).getByRole('link', { name: /View/ }).getAttribute('href')).toBe('/taskDetail?taskId=4&taskType=audit');
    const passed = within(audits).getByRole('article', { name: 'Rate the app' });
    expect(within(passed).getByText('Passed: collect')).toBeTruthy();
    expect(within(passed).getByRole('link', { name: /Collect/ })).toBeTruthy();
    expect(within(within(audits).getByRole('article', { name: 'Old campaign' })).getByText('Ended')).toBeTruthy();
    expect(within(within(audits).getByRole('article', { name: 'Photo of a receipt' })).getByText('Under review')).toBeTruthy();

    expect(queryClient.getQueryData(taskKeys.list())).toEqual(TASKS);
  });

  it('asks for one kind when the URL names a taskType and offers the whole list back', async () => {
    fetchMock.mockResolvedValue(envelope([TASKS[1]]));
    renderAt('/home?taskType=share');
    expect(await screen.findByRole('region', { name: 'Share' })).toBeTruthy();
    expect(requestedUrl()).toBe('/app/task/list?taskType=share');
    expect(screen.getByText('Showing: Share')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all tasks' }).getAttribute('href')).toBe('/home');
  });

  it('ignores an unknown taskType', async () => {
    fetchMock.mockResolvedValue(envelope([]));
    renderAt('/home?taskType=bogus');
    expect(await screen.findByText('No tasks right now. Check back soon.')).toBeTruthy();
    expect(requestedUrl()).toBe('/app/task/list');
  });

  it('shows an error with a retry that loads the list', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 500, 500)).mockResolvedValueOnce(envelope(TASKS));
    renderAt('/home');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The tasks could not be loaded.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Join a group' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('takes the list the host asked for while the remote downloaded, without asking again', async () => {
    fetchMock.mockResolvedValue(envelope(TASKS));
    await queryClient.prefetchQuery(taskListQuery());
    renderAt('/home');
    expect(await screen.findByRole('region', { name: 'Join a group' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again once a task changed elsewhere, and shows the new state', async () => {
    const rate = TASKS.find((t) => t.title === 'Rate the app') as Task;
    fetchMock.mockResolvedValueOnce(envelope(TASKS)).mockResolvedValueOnce(envelope(TASKS.map((t) => (t.id === rate.id ? { ...t, status: 'completed' } : t))));
    renderAt('/home');
    const card = await screen.findByRole('article', { name: 'Rate the app' });
    expect(within(card).getByText('Passed: collect')).toBeTruthy();
    await act(() => tasksChanged());
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Rate the app' })).getByText('Completed')).toBeTruthy());
  });
});
