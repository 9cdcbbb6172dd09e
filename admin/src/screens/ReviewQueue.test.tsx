// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../api/auth-provider';
import { ReviewQueue } from './ReviewQueue';
import { ok, renderInConsole } from '../testing/console';

// The queue's claims at the network boundary: a small queue answers the console's real client, and
// every call the screen makes is kept in order, with how it was sent (keepalive, the bearer token).

const TOKEN = 'console-token';

interface Sent {
  path: string;
  body: Record<string, unknown>;
  keepalive: boolean;
  authorization: string | null;
}

let sent: Sent[];
let waiting: number[];

function item(id: number) {
  return {
    id,
    taskId: 1,
    taskTitle: `Follow our page ${id}`,
    earnerId: 'E1',
    earnerPhone: '+91******0001',
    earnerRowId: 1,
    status: 'underReview',
    reason: null,
    pictures: [`${id}`.padStart(32, 'a')],
    duplicateOf: [],
    reward: 150_00,
    createdAt: '2026-03-01T10:00:00.000Z',
    deadlineAt: '2026-03-03T10:00:00.000Z',
    reviewedAt: null,
  };
}

/** The server's queue, as much of it as the screen reads: skipped ones last, the longest skipped first. */
function answer(path: string, body: Record<string, unknown>): Response {
  if (path === '/admin/review/claim') {
    const skipped = (body.skipped as number[] | undefined) ?? [];
    const id = (body.submissionId as number | undefined) ?? [...waiting.filter((w) => !skipped.includes(w)), ...skipped.filter((s) => waiting.includes(s))][0];
    return ok(id === undefined ? null : { item: item(id), claimedUntil: '2026-03-01T10:10:00.000Z', history: [] });
  }
  if (path === '/admin/review/release') return ok({ released: true });
  if (path.startsWith('/admin/waiting')) return ok({ reviews: { undecided: waiting.length, nextDeadline: waiting.length ? '2026-03-03T10:00:00.000Z' : null }, withdrawals: null, fraud: null });
  if (path === '/admin/review/pass') {
    waiting = waiting.filter((w) => w !== body.submissionId);
    return ok({ ...item(body.submissionId as number), status: 'passed', reviewedAt: '2026-03-01T10:05:00.000Z' });
  }
  return new Response('', { status: 404 });
}

const releases = () => sent.filter((s) => s.path === '/admin/review/release');
const claims = () => sent.filter((s) => s.path === '/admin/review/claim');

const renderQueue = () => renderInConsole(<ReviewQueue />);

/** The screen shows submission `id` as the one being reviewed. */
const showing = (id: number) => screen.findByRole('heading', { name: `Follow our page ${id}` });

beforeEach(() => {
  sent = [];
  waiting = [11, 12, 13];
  localStorage.setItem('grab.console.token', TOKEN);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = String(url);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    sent.push({ path, body, keepalive: init.keepalive === true, authorization: new Headers(init.headers).get('authorization') });
    return answer(path, body);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the review queue lets go of a submission left undecided', () => {
  it('claims the first waiting submission and lets nothing go while it is open', async () => {
    renderQueue();
    await showing(11);
    expect(claims().map((c) => c.body)).toEqual([{}]);
    expect(releases()).toEqual([]);
  });

  it('opening another submission lets go of the one left, with the session, in a call that outlives the page', async () => {
    renderQueue();
    await showing(11);
    fireEvent.change(screen.getByLabelText('Submission number'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await showing(13);
    await waitFor(() => expect(releases()).toHaveLength(1));
    expect(releases()[0]).toEqual({ path: '/admin/review/release', body: { submissionId: 11 }, keepalive: true, authorization: `Bearer ${TOKEN}` });
  });

  it('Skip lets go first, then opens the next with the skipped ones named, and says so', async () => {
    renderQueue();
    await showing(11);
    fireEvent.click(screen.getByRole('button', { name: 'Skip (S)' }));
    await showing(12);
    expect(screen.getByRole('status').textContent).toBe('Submission 11 skipped: any reviewer can take it now.');
    // The release went before the claim: asked while still held, the queue hands a reviewer's own claim back.
    expect(sent.filter((s) => s.path.startsWith('/admin/review/')).map((s) => [s.path, s.body])).toEqual([
      ['/admin/review/claim', {}],
      ['/admin/review/release', { submissionId: 11 }],
      ['/admin/review/claim', { skipped: [11] }],
    ]);

    // S on the keyboard does the same, and the list keeps the longest skipped first.
    fireEvent.keyDown(window, { key: 'S', shiftKey: true });
    await showing(13);
    expect(claims().at(-1)?.body).toEqual({ skipped: [11, 12] });
    fireEvent.keyDown(window, { key: 's' });
    await showing(11);
    expect(claims().at(-1)?.body).toEqual({ skipped: [11, 12, 13] });
    expect(releases().map((r) => r.body.submissionId)).toEqual([11, 12, 13]);
  });

  it('S typed in the reason box is a letter, not a Skip', async () => {
    renderQueue();
    await showing(11);
    fireEvent.keyDown(screen.getByLabelText('Reason the earner reads'), { key: 's' });
    expect(releases()).toEqual([]);
  });

  it('leaving the screen lets go of the open submission', async () => {
    const { unmount } = renderQueue();
    await showing(11);
    unmount();
    expect(releases()).toEqual([{ path: '/admin/review/release', body: { submissionId: 11 }, keepalive: true, authorization: `Bearer ${TOKEN}` }]);
  });

  it('closing or leaving the tab lets go of it, and the tab shown again from the cache claims it anew', async () => {
    renderQueue();
    await showing(11);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(releases()).toEqual([{ path: '/admin/review/release', body: { submissionId: 11 }, keepalive: true, authorization: `Bearer ${TOKEN}` }]);
    const restored = Object.assign(new Event('pageshow'), { persisted: true });
    act(() => {
      window.dispatchEvent(restored);
    });
    await waitFor(() => expect(claims().at(-1)?.body).toEqual({ submissionId: 11 }));
    expect(releases()).toHaveLength(1);
  });

  it('signing out lets go of it while the session still has its token', async () => {
    renderQueue();
    await showing(11);
    await act(async () => {
      await authProvider.logout({});
    });
    expect(releases()[0]).toMatchObject({ body: { submissionId: 11 }, keepalive: true, authorization: `Bearer ${TOKEN}` });
    expect(localStorage.getItem('grab.console.token')).toBeNull();
  });

  it('a decided submission is not let go again: the decision already ended its claim', async () => {
    const { unmount } = renderQueue();
    await showing(11);
    fireEvent.click(screen.getByRole('button', { name: 'Pass (P)' }));
    await showing(12);
    expect(releases()).toEqual([]);
    unmount();
    expect(releases().map((r) => r.body)).toEqual([{ submissionId: 12 }]);
  });

  it('a claim answered after the screen was left is let go as well', async () => {
    let answerClaim: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = String(url);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      sent.push({ path, body, keepalive: init.keepalive === true, authorization: new Headers(init.headers).get('authorization') });
      if (path === '/admin/review/claim') return new Promise<Response>((resolve) => (answerClaim = resolve));
      return answer(path, body);
    });
    const { unmount } = renderQueue();
    await waitFor(() => expect(claims()).toHaveLength(1));
    unmount();
    expect(releases()).toEqual([]);
    await act(async () => answerClaim(answer('/admin/review/claim', {})));
    await waitFor(() => expect(releases().map((r) => r.body)).toEqual([{ submissionId: 11 }]));
  });
});

describe('the review queue says what waits', () => {
  it('how many are undecided and when the next passes on its own, counted again once a decision is made', async () => {
    renderQueue();
    await showing(11);
    expect(await screen.findByText('3 undecided · the next passes on its own at 2026-03-03 10:00:00 UTC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pass (P)' }));
    await showing(12);
    expect(await screen.findByText(/^2 undecided ·/)).toBeTruthy();
  });
});
