import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const USER = {
  id: 1,
  phone: '+15550000000',
  country: 'US',
  thirdUserId: 't1',
  thirdName: 'Sam',
  asset: 0,
  level: 1,
  inviteCode: 'ROOT',
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function freshStore() {
  vi.resetModules();
  return import('./store.atoms');
}

beforeEach(() => localStorage.clear());

describe('persisted atoms', () => {
  it('start from local storage', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('userInfo', JSON.stringify(USER));
    localStorage.setItem('language', 'bn-BD');
    const s = await freshStore();
    expect(s.store.get(s.tokenAtom)).toBe('abc');
    expect(s.store.get(s.userInfoAtom)).toEqual(USER);
    expect(s.store.get(s.languageAtom)).toBe('bn-BD');
  });

  it('fall back when storage is empty or holds junk', async () => {
    localStorage.setItem('userInfo', '{not json');
    localStorage.setItem('language', 'xx-XX');
    const s = await freshStore();
    expect(s.store.get(s.tokenAtom)).toBeNull();
    expect(s.store.get(s.userInfoAtom)).toBeNull();
    expect(s.store.get(s.languageAtom)).toBe('en-US');
  });

  it("start a language never chosen from the phone's, a chosen one whatever the phone says", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en-IN']);
    try {
      let s = await freshStore();
      expect(s.store.get(s.languageAtom)).toBe('hi-IN');
      localStorage.setItem('language', 'xx-XX');
      s = await freshStore();
      expect(s.store.get(s.languageAtom)).toBe('hi-IN');
      localStorage.setItem('language', 'bn-BD');
      s = await freshStore();
      expect(s.store.get(s.languageAtom)).toBe('bn-BD');
      languages.mockReturnValue(['fr-FR']);
      localStorage.clear();
      s = await freshStore();
      expect(s.store.get(s.languageAtom)).toBe('en-US');
    } finally {
      languages.mockRestore();
    }
  });

  it('storeSession writes token and userInfo; clearStoredSession removes them', async () => {
    const s = await freshStore();
    s.storeSession({ token: 'new-token', userInfo: { ...USER, currency: 'USD' } });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(USER);
    s.clearStoredSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(s.store.get(s.tokenAtom)).toBeNull();
  });

  it("keepFreshAccount takes the server's newer copy of the signed-in account, and no other account's", async () => {
    const s = await freshStore();
    s.storeSession({ token: 't', userInfo: { ...USER, currency: 'USD' } });
    s.keepFreshAccount({ ...USER, id: USER.id + 1, currency: 'PKR' });
    expect(s.store.get(s.userInfoAtom)?.currency).toBe('USD');
    s.keepFreshAccount({ ...USER, currency: 'INR', level: 3 });
    expect(s.store.get(s.userInfoAtom)).toMatchObject({ currency: 'INR', level: 3 });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ currency: 'INR', level: 3 });
    s.clearStoredSession();
    s.keepFreshAccount({ ...USER, currency: 'USD' });
    expect(s.store.get(s.userInfoAtom)).toBeNull();
  });

  it('language writes through to storage, functional updates included', async () => {
    const s = await freshStore();
    s.store.set(s.languageAtom, 'ph-PH');
    expect(localStorage.getItem('language')).toBe('ph-PH');
    s.store.set(s.tokenAtom, (previous) => `${previous ?? ''}x`);
    expect(localStorage.getItem('token')).toBe('x');
  });
});

function Token({ read }: { read: () => string | null }) {
  return createElement('p', null, read());
}

describe('StoreProvider', () => {
  it('hands components the same store the API clients read', async () => {
    const s = await freshStore();
    const { StoreProvider } = await import('./store-provider.ui');
    const { useAtomValue } = await import('jotai/react');
    const { render, screen } = await import('@testing-library/react');
    s.store.set(s.tokenAtom, 'shared-token');
    render(createElement(StoreProvider, null, createElement(Token, { read: () => useAtomValue(s.tokenAtom) })));
    expect(screen.getByText('shared-token')).toBeTruthy();
  });
});
