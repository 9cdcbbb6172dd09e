import { configAtom, store } from '@grab/shared';
import { EMBEDDED_CONFIG_ID } from '@grab/shared/first-screens';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedData } from './test-utils';
import { applyTitle, loadCommonConfig, readEmbeddedConfig } from './startup';

const CONFIG = { title: 'Grab Rewards', fbId: null, welcomeBonus: 100_00, supportUrl: null };

const embed = (text: string) => embedData(EMBEDDED_CONFIG_ID, text);

afterEach(() => {
  document.getElementById(EMBEDDED_CONFIG_ID)?.remove();
  store.set(configAtom, null);
  vi.unstubAllGlobals();
});

describe('applyTitle', () => {
  it('uses the configured title, and Grab when there is none', () => {
    applyTitle({ title: 'Grab Rewards' });
    expect(document.title).toBe('Grab Rewards');
    applyTitle({ title: '   ' });
    expect(document.title).toBe('Grab');
    applyTitle(null);
    expect(document.title).toBe('Grab');
  });
});

describe('the public config', () => {
  it('is taken from the page when the server embedded it, with no call', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    embed(JSON.stringify({ ...CONFIG, extra: 'dropped' }));
    loadCommonConfig();
    expect(store.get(configAtom)).toEqual(CONFIG);
    expect(document.title).toBe('Grab Rewards');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is asked for when the page has none, or one that does not fit the contract', async () => {
    for (const text of [null, '{"title": 5}', 'not json']) {
      if (text !== null) embed(text);
      expect(readEmbeddedConfig()).toBeNull();
      const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: CONFIG, msg: 'ok' }), { headers: { 'content-type': 'application/json' } }));
      vi.stubGlobal('fetch', fetchSpy);
      loadCommonConfig();
      await vi.waitFor(() => expect(store.get(configAtom)).toEqual(CONFIG));
      expect(String((fetchSpy.mock.calls[0] as unknown[] | undefined)?.[0])).toContain('/public/commonConfig');
      document.getElementById(EMBEDDED_CONFIG_ID)?.remove();
      store.set(configAtom, null);
    }
  });
});
