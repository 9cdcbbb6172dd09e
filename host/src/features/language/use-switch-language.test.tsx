import { changeLanguage, type LanguageKey, languageAtom, store, userInfoAtom } from '@grab/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerHostLocales } from '../../app/host-locales';
import { useSwitchLanguage } from './use-switch-language';

const asked = vi.hoisted(() => ({ answer: true, dialogs: [] as { title: string; message: string; lang?: string; dir?: string }[] }));

vi.mock('@grab/shared', async (original) => ({
  ...(await original<typeof import('@grab/shared')>()),
  confirmDialog: vi.fn(async (dialog: { title: string; message: string; lang?: string; dir?: string }) => {
    asked.dialogs.push({ title: dialog.title, message: dialog.message, lang: dialog.lang, dir: dialog.dir });
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
  it('asks an Indian earner reading English before switching to Bengali, in Bengali, saying amounts stay in rupees', async () => {
    asked.answer = false;
    expect(await switchTo('bn-BD')).toBe(false);
    // In the language chosen: an earner who picks Bengali may read no English.
    expect(asked.dialogs).toEqual([
      {
        title: 'বাংলা-এ বদলাবেন?',
        message: 'বাংলা-এর সাথে সাধারণত BDT থাকে, কিন্তু আপনার অ্যাকাউন্টে অর্থ দেওয়া হয় INR-এ, আপনার ফোন নম্বরের দেশের মুদ্রায়। আপনার পয়েন্টের মূল্য ও উত্তোলন INR-এই থাকবে।',
        lang: 'bn-BD',
        dir: 'ltr',
      },
    ]);
    expect(store.get(languageAtom)).toBe('en-US');
  });

  it('asks in Urdu, right to left, before switching to Urdu', async () => {
    asked.answer = false;
    expect(await switchTo('ur-PK')).toBe(false);
    expect(asked.dialogs).toEqual([expect.objectContaining({ title: '\u2068اردو\u2069 پر تبدیل کریں؟', lang: 'ur-PK', dir: 'rtl' })]);
  });

  it('switches without asking to the language of the earner\'s own currency', async () => {
    expect(await switchTo('hi-IN')).toBe(true);
    expect(asked.dialogs).toEqual([]);
    expect(store.get(languageAtom)).toBe('hi-IN');
  });

  it('switches without asking between two languages of one currency: English and Spanish both go with dollars', async () => {
    expect(await switchTo('br-BR')).toBe(true);
    expect(asked.dialogs).toEqual([]);
    expect(store.get(languageAtom)).toBe('br-BR');
  });

  it('asks a US earner before switching to Hindi, and switches once confirmed', async () => {
    store.set(userInfoAtom, { ...INDIAN, phone: '+12015550123', country: 'US', currency: 'USD' });
    expect(await switchTo('hi-IN')).toBe(true);
    expect(asked.dialogs.map((d) => d.lang)).toEqual(['hi-IN']);
    expect(store.get(languageAtom)).toBe('hi-IN');
  });
});
