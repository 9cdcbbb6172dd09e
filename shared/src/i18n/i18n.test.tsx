import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type UseT = typeof import('./i18n').useT;

function Title({ useLate }: { useLate: () => ReturnType<UseT> }) {
  const { t, language, ready } = useLate();
  return <p>{ready ? `${t('title')} ${language}` : 'waiting'}</p>;
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('i18n', () => {
  it('starts in en-US with ltr and the common texts', async () => {
    const { initI18n, i18n } = await import('./i18n');
    await initI18n();
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('common.copySuccess')).toBe('Copy success');
  });

  it('starts in the stored language with its BCP 47 tag and Urdu right-to-left', async () => {
    localStorage.setItem('language', 'ur-PK');
    const { initI18n, i18n } = await import('./i18n');
    await initI18n();
    expect(document.documentElement.lang).toBe('ur-PK');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.language).toBe('ur-PK');
    // Only the stored language was fetched.
    expect(i18n.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(i18n.t('common.copy')).not.toBe('common.copy');
  });

  it('starts a phone that never chose in its own language, and keeps it as the one shown', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ur-PK', 'en-US']);
    try {
      const { initI18n, i18n } = await import('./i18n');
      await initI18n();
      expect(document.documentElement.lang).toBe('ur-PK');
      expect(document.documentElement.dir).toBe('rtl');
      expect(i18n.language).toBe('ur-PK');
      // Stored, so index.html's early calls and the server's hints read the language shown.
      expect(localStorage.getItem('language')).toBe('ur-PK');
      expect(document.cookie).toContain('grab_lang=ur-PK');
    } finally {
      languages.mockRestore();
    }
  });

  it('mirrors the language in a cookie, so the server hints that language’s texts in the next page', async () => {
    localStorage.setItem('language', 'ur-PK');
    const { initI18n, changeLanguage } = await import('./i18n');
    await initI18n();
    expect(document.cookie).toContain('grab_lang=ur-PK');
    await changeLanguage('bn-BD');
    expect(document.cookie).toContain('grab_lang=bn-BD');
    expect(document.cookie).not.toContain('ur-PK');
  });

  it('loads a namespace per language: now for the current one, the next on a switch', async () => {
    const { initI18n, registerLocales, changeLanguage, i18n } = await import('./i18n');
    await initI18n();
    const load = vi.fn(async (key: string) => ({ hello: key === 'hi-IND' ? 'Halo' : 'Hello' }));
    await registerLocales('demo', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith('en-US');
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Hello');

    await changeLanguage('hi-IND');
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('hi-IND');
    expect(i18n.language).toBe('id-ID');
    expect(document.documentElement.lang).toBe('id-ID');
    expect(localStorage.getItem('language')).toBe('hi-IND');
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Halo');

    // Back to a language already loaded: nothing is fetched again.
    await changeLanguage('en-US');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('useT re-renders when the namespace arrives and when the language changes', async () => {
    const { initI18n, registerLocales, changeLanguage, useT } = await import('./i18n');
    await initI18n();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    registerLocales('late', async (key) => {
      await gate;
      return { default: { title: key === 'ur-PK' ? 'ٹاسک' : 'Tasks' } };
    });
    render(<Title useLate={() => useT('late')} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => {
      release();
      await gate;
    });
    expect(await screen.findByText('Tasks en-US')).toBeTruthy();
    await act(() => changeLanguage('ur-PK'));
    expect(await screen.findByText('ٹاسک ur-PK')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
