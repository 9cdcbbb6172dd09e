import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

function translator() {
  const i18n = new Translator('en-US', 'common');
  i18n.addResourceBundle('en-US', 'common', {
    auth: { login: 'Log in', welcome: 'Hello {{name}}, {{ name }}!' },
    tasks: { left_one: '{{count}} task left', left_other: '{{count}} tasks left' },
    plain: 'No plural forms: {{count}}',
  });
  return i18n;
}

describe('Translator', () => {
  it('finds nested keys and fills values', () => {
    const i18n = translator();
    expect(i18n.t('auth.login')).toBe('Log in');
    expect(i18n.t('auth.welcome', { name: 'Asha' })).toBe('Hello Asha, Asha!');
    expect(i18n.t('auth.welcome')).toBe('Hello {{name}}, {{ name }}!');
  });

  it('gives the key for a missing text or a key that names a group', () => {
    const i18n = translator();
    expect(i18n.t('auth.nothing')).toBe('auth.nothing');
    expect(i18n.t('auth')).toBe('auth');
    expect(i18n.t('auth.login', { ns: 'other' })).toBe('auth.login');
  });

  it('chooses the plural form by the language’s rules', () => {
    const i18n = translator();
    expect(i18n.t('tasks.left', { count: 1 })).toBe('1 task left');
    expect(i18n.t('tasks.left', { count: 0 })).toBe('0 tasks left');
    expect(i18n.t('tasks.left', { count: 5 })).toBe('5 tasks left');
    expect(i18n.t('plain', { count: 2 })).toBe('No plural forms: 2');
    // Indonesian has one form: `_other` serves every count.
    i18n.addResourceBundle('id-ID', 'common', { tasks: { left_other: '{{count}} tugas lagi' } });
    expect(i18n.t('tasks.left', { count: 1, lng: 'id-ID' })).toBe('1 tugas lagi');
  });

  it('keeps namespaces and languages apart and tells when texts arrive or the language changes', async () => {
    const i18n = translator();
    const added = vi.fn();
    const changed = vi.fn();
    i18n.on('added', added);
    i18n.on('languageChanged', changed);
    i18n.addResourceBundle('ur-PK', 'common', { auth: { login: 'لاگ ان' } });
    expect(added).toHaveBeenCalledOnce();
    expect(i18n.hasResourceBundle('ur-PK', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('ur-PK', 'tasks')).toBe(false);
    await i18n.changeLanguage('ur-PK');
    expect(changed).toHaveBeenCalledOnce();
    expect(i18n.language).toBe('ur-PK');
    expect(i18n.t('auth.login')).toBe('لاگ ان');
    expect(i18n.t('auth.login', { lng: 'en-US' })).toBe('Log in');
  });
});
