import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The wiring of index.ts: the real store feeds the client, and 401 ends the session.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Each test imports the whole package afresh (resetModules): on a busy machine that alone can take
// longer than the default five seconds.
describe('the wired main client', { timeout: 30_000 }, () => {
  it('reads the token from storage and, on HTTP 401, clears the session but keeps the language, then reloads', async () => {
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('language', 'ur-PK');
    localStorage.setItem('shareCode', 'XYZ');
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ code: 401, data: null, msg: 'Please log in again' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const shared = await import('./index');
    await expect(shared.callMain(shared.assetInfo)).resolves.toBeUndefined();
    const headers = new Headers((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers);
    expect(headers.get('authorization')).toBe('Bearer stored-token');
    expect(headers.get('accept-language')).toBe('ur-PK');
    // The session and everything of it are gone; the earner's language stays for the login page.
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('shareCode')).toBeNull();
    expect(localStorage.getItem('language')).toBe('ur-PK');
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.getItem('sessionEnded')).toBe('1');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows a danger toast for an envelope error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ code: 1101, data: null, msg: 'Insufficient balance' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const shared = await import('./index');
    const danger = vi.spyOn(shared.toast, 'danger');
    await expect(shared.callMain(shared.assetInfo)).resolves.toBeUndefined();
    expect(danger).toHaveBeenCalledWith('Insufficient balance');
  });
});

function okResponse(data: unknown) {
  return new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const USER = {
  id: 1,
  phone: '+15550000000',
  country: 'US',
  thirdUserId: 't1',
  thirdName: 'Sam',
  asset: 0,
  level: 1,
  inviteCode: 'ROOT',
  currency: 'USD' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const ASSETS = { balance: 100, pending: 0, withdrawable: 0, locked: 100, lockedReason: 'welcomeBonusUntilFirstTask', todayEarnings: 0, totalEarnings: 0, weekEarnings: 0, dailyEarnings: [] };

describe('the shared query cache', () => {
  it('keys each resource, and a refusal becomes the query error after its toast', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(okResponse(ASSETS))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 404, data: null, msg: 'No such task' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const shared = await import('./index');
    await expect(shared.queryClient.fetchQuery(shared.assetInfoQuery())).resolves.toEqual(ASSETS);
    expect(shared.queryClient.getQueryData(shared.userKeys.assets)).toEqual(ASSETS);
    const danger = vi.spyOn(shared.toast, 'danger');
    await expect(shared.queryClient.fetchQuery(shared.taskDetailQuery(7))).rejects.toBeInstanceOf(shared.CallFailed);
    expect(danger).toHaveBeenCalledWith('No such task');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/app/task/detail?taskId=7');
  });

  it('makes the balance stale after a credit, and after a task change', async () => {
    vi.stubGlobal('fetch', vi.fn().mockImplementation(async () => okResponse(ASSETS)));
    const shared = await import('./index');
    await shared.queryClient.fetchQuery(shared.assetInfoQuery());
    const assets = () => shared.queryClient.getQueryState(shared.userKeys.assets);
    expect(assets()?.isInvalidated).toBe(false);
    await shared.balanceChanged();
    expect(assets()?.isInvalidated).toBe(true);

    await shared.queryClient.fetchQuery(shared.assetInfoQuery());
    expect(assets()?.isInvalidated).toBe(false);
    await shared.tasksChanged();
    expect(assets()?.isInvalidated).toBe(true);
  });

  it('notices a decision in a task answer (a review passed elsewhere) and makes the balance stale', async () => {
    const task = (status: string) => ({
      id: 3,
      kind: 'audit',
      schedule: 'once',
      title: 'Review the shop',
      description: '',
      reward: 1500,
      minLevel: 1,
      locked: false,
      resetTime: null,
      endsAt: null,
      hoursLeft: null,
      progress: { done: 0, total: 1 },
      status,
      closedReason: null,
      taskBranchList: [],
    });
    const answers = [okResponse([task('underReview')]), okResponse(ASSETS), okResponse([task('underReview')]), okResponse([task('completed')])];
    vi.stubGlobal('fetch', vi.fn().mockImplementation(async () => answers.shift()));
    const shared = await import('./index');
    const invalidated = () => shared.queryClient.getQueryState(shared.userKeys.assets)?.isInvalidated;
    await shared.queryClient.fetchQuery(shared.taskListQuery());
    await shared.queryClient.fetchQuery(shared.assetInfoQuery());
    // The same answer again: nothing was decided.
    await shared.queryClient.refetchQueries({ queryKey: shared.taskKeys.list() });
    expect(invalidated()).toBe(false);
    await shared.queryClient.refetchQueries({ queryKey: shared.taskKeys.list() });
    expect(shared.queryClient.getQueryData(shared.taskListQuery().queryKey)?.[0]?.status).toBe('completed');
    expect(invalidated()).toBe(true);
  });

  it('is dropped with the session, and when another session starts', async () => {
    vi.stubGlobal('fetch', vi.fn().mockImplementation(async () => okResponse(ASSETS)));
    const shared = await import('./index');
    await shared.queryClient.fetchQuery(shared.assetInfoQuery());
    shared.clearSession();
    expect(shared.queryClient.getQueryData(shared.userKeys.assets)).toBeUndefined();
    await shared.queryClient.fetchQuery(shared.assetInfoQuery());
    shared.setSession({ token: 't2', userInfo: USER });
    expect(shared.queryClient.getQueryData(shared.userKeys.assets)).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('t2');
  });
});
