import { queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-utils';
import { HomePrompts } from './home-prompts';
import { JOIN_GROUP_PROMPT_KEY } from './prompt-flags';

const EARNER = { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' } as const;

function task(id: number, kind: string, extra: object = {}) {
  return {
    id,
    kind,
    schedule: 'once',
    title: `Task ${id}`,
    description: '',
    reward: 5_00,
    minLevel: 1,
    locked: false,
    resetTime: null,
    endsAt: null,
    hoursLeft: null,
    progress: { done: 0, total: 1 },
    status: 'notStarted',
    closedReason: null,
    taskBranchList: [],
    ...extra,
  };
}

function answerTasks(tasks: unknown[]) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, data: tasks, msg: 'ok' }), { headers: { 'content-type': 'application/json' } })));
}

beforeEach(() => {
  queryClient.clear();
  store.set(userInfoAtom, EARNER);
  store.set(tokenAtom, 'a-live-token-1234567890');
  localStorage.setItem(JOIN_GROUP_PROMPT_KEY, 'due');
});

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(userInfoAtom, null);
  store.set(tokenAtom, null);
  localStorage.clear();
});

describe('the join-group prompt after registration', () => {
  it('leads to the first open join-group task the earner can do', async () => {
    answerTasks([task(1, 'share'), task(2, 'joinGroup', { locked: true, minLevel: 4 }), task(3, 'joinGroup', { status: 'closed' }), task(4, 'joinGroup')]);
    await renderApp(<HomePrompts />, '/home');
    const link = await screen.findByRole('link', { name: 'Join the group' });
    expect(link.getAttribute('href')).toBe('/taskDetail?taskId=4&taskType=joinGroup');
    expect(screen.getByTestId('join-group-prompt').textContent).toContain('earns 5\u00a0points');
  });

  it('settles without a word when no join-group task is configured and open', async () => {
    answerTasks([task(1, 'share'), task(2, 'joinGroup', { status: 'completed' }), task(3, 'joinGroup', { locked: true })]);
    await renderApp(<HomePrompts />, '/home');
    await waitFor(() => expect(localStorage.getItem(JOIN_GROUP_PROMPT_KEY)).toBe('done'));
    expect(screen.queryByTestId('join-group-prompt')).toBeNull();
  });

  it('settles for good once the group task is under way, rather than invite the earner again or to another group', async () => {
    for (const status of ['inProgress', 'underReview', 'passed', 'failed', 'completed']) {
      localStorage.setItem(JOIN_GROUP_PROMPT_KEY, 'due');
      queryClient.clear();
      answerTasks([task(4, 'joinGroup', { status }), task(9, 'joinGroup')]);
      const { unmount } = await renderApp(<HomePrompts />, '/home');
      await waitFor(() => expect(localStorage.getItem(JOIN_GROUP_PROMPT_KEY), status).toBe('done'));
      expect(screen.queryByTestId('join-group-prompt')).toBeNull();
      unmount();
    }
  });

  it('is not shown to an earner who did not just register', async () => {
    localStorage.removeItem(JOIN_GROUP_PROMPT_KEY);
    answerTasks([task(4, 'joinGroup')]);
    await renderApp(<HomePrompts />, '/home');
    expect(screen.queryByTestId('join-group-prompt')).toBeNull();
  });
});
