import { queryClient, store, Toaster, tokenAtom, userInfoAtom, userInfoQuery } from '@grab/shared';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshStoredAccount } from './account-refresh';

// Signed in before the account's currency followed its phone country: stored in dollars.
const STORED = {
  id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 'u-7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ABC123', currency: 'USD' as const, createdAt: '2026-01-01T00:00:00.000Z',
};

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, STORED);
});

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
  queryClient.clear();
});

describe('refreshStoredAccount', () => {
  it("takes the server's copy of the signed-in account into the session", async () => {
    const fetchMock = vi.fn(async () => envelope({ ...STORED, currency: 'INR', level: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    await refreshStoredAccount();
    expect(fetchMock).toHaveBeenCalledWith('/app/user/info', expect.objectContaining({ method: 'POST' }));
    expect(store.get(userInfoAtom)).toMatchObject({ id: 7, currency: 'INR', level: 2 });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ currency: 'INR' });
  });

  it('takes an answer the Account page has just had instead of asking again', async () => {
    const fetchMock = vi.fn(async () => envelope({ ...STORED, currency: 'INR' }));
    vi.stubGlobal('fetch', fetchMock);
    await queryClient.fetchQuery(userInfoQuery());
    await refreshStoredAccount();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(userInfoAtom)?.currency).toBe('INR');
  });

  it('keeps the stored copy, and says nothing, when the phone is offline', async () => {
    render(createElement(Toaster));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await refreshStoredAccount();
    expect(store.get(userInfoAtom)).toEqual(STORED);
    expect(screen.queryByRole('status')?.textContent ?? '').toBe('');
  });

  it('asks nothing without a session', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    store.set(tokenAtom, null);
    await refreshStoredAccount();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
