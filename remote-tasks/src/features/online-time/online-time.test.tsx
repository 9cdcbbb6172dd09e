import { BrowserRouter, initI18n, queryClient } from '@grab/shared';
import type { StandbyTime } from '@grab/shared/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerByPath } from '../../../test/task-fixtures';
import OnlineTimePage from './online-time.page';

const VIEW: StandbyTime = {
  taskId: 7,
  state: 'notOnline',
  todayMinutes: 0,
  totalMinutes: 0,
  targetMinutes: 60,
  capMinutes: 480,
  credits: { done: 0, total: 8 },
  reward: 1_00,
  creditedToday: 0,
  locked: false,
  minLevel: 2,
  earnerLevel: 2,
};

let fetchMock: ReturnType<typeof vi.fn>;
let hidden = false;

function renderPage(query = '?taskType=hang&taskId=7&id=70') {
  window.history.pushState({}, '', `/hangTask${query}`);
  return render(
    <BrowserRouter>
      <OnlineTimePage />
    </BrowserRouter>,
  );
}

const beats = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/app/user/online')).length;

function setVisibility(next: 'visible' | 'hidden') {
  hidden = next === 'hidden';
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('OnlineTimePage', () => {
  beforeEach(async () => {
    localStorage.setItem('token', 'tok');
    queryClient.clear();
    hidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the earner is not online before the first beat lands', async () => {
    fetchMock.mockImplementation(answerByPath({ '/app/task/standby-time': [VIEW], '/app/user/online': [{ nextInSeconds: 30 }] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Stay online', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Not online|You are online/ })).toBeTruthy();
    expect(screen.getByText('Rewards today: 0 of 8')).toBeTruthy();
  });

  it('beats at once and every 30 s while visible, stops while hidden, and shows the minutes and the credit', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fetchMock.mockImplementation(
      answerByPath({
        '/app/task/standby-time': [
          VIEW,
          { ...VIEW, state: 'online', todayMinutes: 59, totalMinutes: 125 },
          { ...VIEW, state: 'online', todayMinutes: 61, totalMinutes: 127, credits: { done: 1, total: 8 }, creditedToday: 1_00 },
        ],
        '/app/user/online': [{ nextInSeconds: 30 }],
        '/app/user/assetInfo': [{}],
        '/app/task/list': [[]],
      }),
    );
    renderPage();
    await vi.waitFor(() => expect(beats()).toBe(1));
    expect(await screen.findByRole('heading', { name: 'You are online' })).toBeTruthy();
    expect(screen.getByText('59 minutes')).toBeTruthy();
    expect(screen.getByText('2 hours 5 minutes')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Next reward' }).getAttribute('aria-valuetext')).toBe('59 minutes of 1 hour');

    act(() => vi.advanceTimersByTime(30_000));
    await vi.waitFor(() => expect(beats()).toBe(2));
    expect(await screen.findByText('1 hour 1 minute')).toBeTruthy();
    expect(screen.getByText('Rewards today: 1 of 8')).toBeTruthy();

    // Hidden: no beats, however long; shown again: one at once.
    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(beats()).toBe(2);
    setVisibility('visible');
    await vi.waitFor(() => expect(beats()).toBe(3));
  });

  it('shows the completed state and sends no beat once every credit of the day is paid', async () => {
    fetchMock.mockImplementation(
      answerByPath({ '/app/task/standby-time': [{ ...VIEW, state: 'completed', todayMinutes: 480, totalMinutes: 480, credits: { done: 8, total: 8 }, creditedToday: 8_00 }] }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Completed, points credited' })).toBeTruthy();
    expect(screen.getAllByText('8 hours', { selector: 'dd' })).toHaveLength(2);
    expect(beats()).toBe(0);
  });

  it('shows the level the task needs and sends no beat below it', async () => {
    fetchMock.mockImplementation(answerByPath({ '/app/task/standby-time': [{ ...VIEW, locked: true, earnerLevel: 1 }] }));
    renderPage();
    expect(await screen.findByText('This task needs LV2. You are LV1. Complete more tasks to level up.')).toBeTruthy();
    expect(beats()).toBe(0);
  });

  it('says the link is broken without a task id', async () => {
    renderPage('?taskType=hang');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

