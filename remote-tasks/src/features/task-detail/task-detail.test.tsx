import { BrowserRouter, initI18n, queryClient, userKeys } from '@grab/shared';
import { amountText } from '@grab/shared/testing/amount';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath, detail, envelope, run } from '../../../test/task-fixtures';
import TaskDetailPage from './task-detail.page';

let fetchMock: ReturnType<typeof vi.fn>;

function renderAt(url: string) {
  window.history.pushState({}, '', url);
  return render(
    <BrowserRouter>
      <TaskDetailPage />
    </BrowserRouter>,
  );
}

function request(n: number): { url: string; body: unknown } {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit | undefined];
  return { url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined };
}

/** The first call to `path` (the page may ask for its detail again at any time after a change). */
function callTo(path: string): { url: string; body: unknown } {
  const n = fetchMock.mock.calls.findIndex(([url]) => String(url).split('?')[0] === path);
  if (n < 0) throw new Error(`no call to ${path}`);
  return request(n);
}

const ASSETS = { balance: 100, pending: 0, withdrawable: 100, locked: 0, lockedReason: null, todayEarnings: 0, totalEarnings: 100, weekEarnings: 0, dailyEarnings: [] };

beforeEach(async () => {
  localStorage.setItem('token', 'tok');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
  await initI18n();
});

describe('TaskDetailPage', () => {
  it('shows reward, schedule, progress and steps, and starts the task into its next step', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [detail(), detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })],
        '/app/task/leading-task': [{ next: { id: 12, h5Url: '/auditTask', title: 'Upload', action: 'proof' }, run: run({ currentStepId: 12 }) }],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Review the shop' })).toBeTruthy();
    expect(request(0).url).toBe('/app/task/detail?taskId=1');
    expect(screen.getByText(amountText('15 points'))).toBeTruthy();
    expect(screen.getByText('One-time')).toBeTruthy();
    expect(screen.getByText('0 of 1 done')).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/auditTask?taskType=audit&taskId=1&id=12'));
    expect(callTo('/app/task/leading-task')).toEqual({ url: '/app/task/leading-task', body: { taskId: 1 } });
  });

  it('lays out an Urdu text that opens with a brand name right to left, and an English one left to right', async () => {
    fetchMock.mockImplementation(answerByPath({ '/app/task/detail': [detail({ title: 'Follow NetGo', description: 'Grab کا آفیشل پیج فالو کریں اور اسکرین شاٹ اپ لوڈ کریں' })] }));
    renderAt('/taskDetail?taskId=1&taskType=audit');
    expect((await screen.findByRole('heading', { level: 1, name: 'Follow NetGo' })).getAttribute('dir')).toBe('ltr');
    // dir="auto" went by the first letter, the brand's, and laid the Urdu words out left to right.
    expect(screen.getByText(/آفیشل پیج/).getAttribute('dir')).toBe('rtl');
  });

  it('goes back to the hall of that kind when no step is left', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [detail({ status: 'inProgress', run: run({ currentStepId: 12 }) })],
        '/app/task/leading-task': [{ next: null, run: run({ status: 'underReview', currentStepId: null }) }],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/home?taskType=audit'));
  });

  it('shows the level tip naming both levels and no start button', async () => {
    fetchMock.mockResolvedValueOnce(envelope(detail({ locked: true, minLevel: 4, earnerLevel: 2 })));
    renderAt('/taskDetail?taskId=1&taskType=audit');
    expect(await screen.findByText('This task needs LV4. You are LV2. Complete more tasks to level up.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Level insufficient' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start|Continue/ })).toBeNull();
  });

  it('opens the target in a new tab, then confirms the step and shows what comes next', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [
          detail({ kind: 'registration', status: 'inProgress', run: run() }),
          detail({ kind: 'registration', status: 'underReview', run: run({ status: 'underReview', currentStepId: 12 }) }),
        ],
        '/app/task/leading-task': [{ next: { id: 11, h5Url: '/taskDetail', title: 'Open', action: 'open' }, run: run() }],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=registration');
    const open = await screen.findByRole('link', { name: /Open/ });
    expect(open.getAttribute('href')).toBe('https://shop.example/review');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    await userEvent.click(screen.getByRole('button', { name: "I've done it" }));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(callTo('/app/task/leading-task').body).toEqual({ taskId: 1, stepId: 11 });
    expect(screen.getByRole('link', { name: 'See review status' }).getAttribute('href')).toBe('/auditTask?taskType=registration&taskId=1&id=12');
  });

  it('collects a passed reward, shows the credited points and makes the cached balance stale', async () => {
    queryClient.setQueryData(userKeys.assets, ASSETS);
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [detail({ status: 'passed', run: run({ status: 'passed', currentStepId: null }) }), detail({ status: 'completed', progress: { done: 1, total: 1 }, run: run({ status: 'completed', currentStepId: null }) })],
        '/app/task/collect': [{ reward: 1500, balance: 1600 }],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Collect reward' }));
    expect(await screen.findByRole('heading', { name: '15\u00a0points credited' })).toBeTruthy();
    expect(screen.getByText('Your balance is now 16 points.')).toBeTruthy();
    expect(callTo('/app/task/collect').url).toBe('/app/task/collect?taskId=1');
    // The progress moves in place, without a reload, and the confirmation stays.
    expect(await screen.findByText('1 of 1 done')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '15\u00a0points credited' })).toBeTruthy();
    // The balance card asks again the next time it shows (or at once, when it is on screen).
    expect(queryClient.getQueryState(userKeys.assets)?.isInvalidated).toBe(true);
  });

  it('shows the failure reason with a way to upload again', async () => {
    fetchMock.mockResolvedValueOnce(envelope(detail({ status: 'failed', run: run({ status: 'failed', currentStepId: 12, reason: 'The screenshot is blurry' }) })));
    renderAt('/taskDetail?taskId=1&taskType=audit');
    expect(await screen.findByText('Reason: The screenshot is blurry')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload again' }).getAttribute('href')).toBe('/auditTask?taskType=audit&taskId=1&id=12');
  });

  it('says why a closed task cannot be done', async () => {
    fetchMock.mockResolvedValueOnce(envelope(detail({ status: 'closed', closedReason: 'notOpenYet' })));
    renderAt('/taskDetail?taskId=1&taskType=audit');
    expect(await screen.findByText('This task is not open yet. Check back later.')).toBeTruthy();
  });

  it('redeems a code: the empty form is refused here, a refusal shows the server message, a success the credit', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [detail({ kind: 'redeemCode', taskBranchList: [] })],
        '/app/task/exchange': [envelope(null, 1302, 'This code has expired'), { reward: 500, balance: 2500 }, envelope(null, 1303, 'You have already redeemed this code')],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=redeemCode');
    const input = await screen.findByLabelText('Redemption code');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the code.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.type(input, ' OLD-CODE ');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(callTo('/app/task/exchange').url).toMatch(/^\/app\/task\/exchange\?code=OLD-CODE&attempt=[a-f0-9]{32}$/);
    expect(screen.queryByText(/credited/)).toBeNull();
    // The refusal is about the code: under its field, tied to it.
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This code has expired');

    await userEvent.clear(input);
    await userEvent.type(input, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('heading', { name: '5\u00a0points credited' })).toBeTruthy();
    expect(screen.getByText('Your balance is now 25 points.')).toBeTruthy();
    // The old refusal does not sit beside the credit.
    expect(screen.queryByText('This code has expired')).toBeNull();

    // Nor the old credit beside a new refusal.
    await userEvent.type(input, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('heading', { name: '5\u00a0points credited' })).toBeNull();
  });

  it('redeems a code whose answer was lost: the next tap repeats the same try and shows its credit', async () => {
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/detail': [detail({ kind: 'redeemCode', taskBranchList: [] })],
        '/app/task/exchange': [new TypeError('Failed to fetch'), { reward: 500, balance: 2500 }],
      }),
    );
    renderAt('/taskDetail?taskId=1&taskType=redeemCode');
    await userEvent.type(await screen.findByLabelText('Redemption code'), 'LOST');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('heading', { name: '5\u00a0points credited' })).toBeTruthy();
    const tries = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/app/task/exchange'));
    expect(tries).toHaveLength(2);
    expect(tries[0]).toMatch(/&attempt=[a-f0-9]{32}$/);
    expect(tries[1]).toBe(tries[0]);
    // Answered: a later try of the code is a new one.
    expect(sessionStorage.length).toBe(0);
  });

  it('shows an error with a retry, and a broken link without calling', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 500, 'down')).mockResolvedValueOnce(envelope(detail()));
    renderAt('/taskDetail?taskId=1&taskType=audit');
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeTruthy();
  });

  it('says the link is broken when the task id is missing', async () => {
    renderAt('/taskDetail?taskType=audit');
    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
