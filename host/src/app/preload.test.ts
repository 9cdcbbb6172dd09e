import { queryClient, store, tokenAtom, userInfoAtom } from '@grab/shared';
import { FIRST_SCREENS } from '@grab/shared/first-screens';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstScreenData } from './preload';

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
  queryClient.clear();
});

describe('prefetchFirstScreenData', () => {
  it.each(['/', '/home'])('asks for exactly the reads that index.html starts early on %s', async (pathname) => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"code":500,"data":null,"msg":"no"}')));
    vi.stubGlobal('fetch', fetchMock);
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, {
      id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 'u-7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ABC123', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z',
    } as never);
    prefetchFirstScreenData(pathname, '');
    const calls = FIRST_SCREENS[pathname]?.calls ?? [];
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(calls.length));
    const urls = (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url);
    expect([...urls].sort()).toEqual([...calls].sort());
  });
});
