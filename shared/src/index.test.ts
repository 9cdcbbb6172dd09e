import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The wiring of index.ts: the real store feeds the client, and 401 ends the session.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the wired main client', () => {
  it('reads the token from storage and, on HTTP 401, clears storage and reloads', async () => {
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
    expect(localStorage.length).toBe(0);
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

describe('prefetchMain', () => {
  function okResponse(data: unknown) {
    return new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } });
  }

  it('hands its answer to the first identical call, then calls again', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => okResponse({ inviteCode: 'A1', shareLink: 'https://grab.example/register?shareCode=A1', totalInvites: 0, directInvites: 0, totalBonus: 0, todayBonus: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    const shared = await import('./index');
    shared.prefetchMain(shared.shareInfo);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(shared.callMain(shared.shareInfo)).resolves.toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await shared.callMain(shared.shareInfo);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used for other input or after it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi.fn().mockImplementation(async () => okResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    const shared = await import('./index');
    shared.prefetchMain(shared.taskList, {});
    await shared.callMain(shared.taskList, { taskType: 'share' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + shared.PREFETCH_TTL_MS);
    await shared.callMain(shared.taskList, {});
    expect(fetchMock).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });
});
