import { changeLanguage, type LanguageKey, languageAtom, store, userInfoAtom } from '@grab/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerHostLocales } from '../../app/host-locales';
import { useSwitchLanguage } from './use-switch-language';

const asked = vi.hoisted(() => ({ answer: true, dialogs: [] as { title: string; message: string }[] }));

vi.mock('@grab/shared', async (original) => ({
  ...(await original<typeof import('@grab/shared')>()),
  confirmDialog: vi.fn(async (dialog: { title: string; message: string }) => {
    asked.dialogs.push({ title: dialog.title, message: dialog.message });
    return asked.answer;
  }),
}));

/** An Indian earner: paid in rupees whatever language the app speaks. */
const INDIAN = { id: 7, phone: '+919812345678', country: 'IN', thirdUserId: 't7', thirdName: 'Asha', asset: 0, level: 1, inviteCode: 'ASHA01', currency: 'INR', createdAt: '2026-01-01T00:00:00.000Z' } as const;

beforeEach(async () => {
  asked.answer = true;
  asked.dialogs = [];
  store.set(userInfoAtom, INDIAN);
  await changeLanguage('en-US');
  await registerHostLocales();
});

afterEach(async () => {
  store.set(userInfoAtom, null);
  await changeLanguage('en-US');
  localStorage.clear();
});

async function switchTo(key: LanguageKey): Promise<boolean> {
  const { result } = renderHook(() => useSwitchLanguage());
  let switched = false;
  await act(async () => {
    switched = await result.current(key);
  });
  return switched;
}

describe('useSwitchLanguage', () => {
  it('asks an Indian earner reading English before amounts show in taka, saying payouts stay in rupees', async () => {
    asked.answer = false;
    expect(await switchTo('bn-BD')).toBe(false);
    expect(asked.dialogs).toEqual([
      {
        title: 'Show amounts in BDT?',
        message: "With বাংলা, what your points are worth shows in BDT instead of USD. Your points do not change, and withdrawals are still paid in INR, your account's currency.",
      },
    ]);
    expect(store.get(languageAtom)).toBe('en-US');
  });

  it('switches without asking to the language of the earner\'s own currency', async () => {
    expect(await switchTo('hi-IN')).toBe(true);
    expect(asked.dialogs).toEqual([]);
    expect(store.get(languageAtom)).toBe('hi-IN');
  });

  it('switches without asking where the shown currency stays the same: English to Spanish shows dollars either way', async () => {
    expect(await switchTo('br-BR')).toBe(true);
    expect(asked.dialogs).toEqual([]);
    expect(store.get(languageAtom)).toBe('br-BR');
  });

  it('asks a US earner before amounts show in rupees, and switches once confirmed', async () => {
    store.set(userInfoAtom, { ...INDIAN, phone: '+12015550123', country: 'US', currency: 'USD' });
    expect(await switchTo('hi-IN')).toBe(true);
    expect(asked.dialogs.map((d) => d.title)).toEqual(['Show amounts in INR?']);
    expect(store.get(languageAtom)).toBe('hi-IN');
  });
});
