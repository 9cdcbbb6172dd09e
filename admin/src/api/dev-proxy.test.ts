import { adminMe } from '@grab/shared/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleApiProxy } from '../../../tools/mf/rsbuild';

// The console's dev server shares /admin/ with the API it calls: what it forwards is told by the
// headers the console's own client sends, so this reads them from that client, not from a copy.
const adminRule = consoleApiProxy().find((rule) => rule.pathFilter.includes('/admin'));

function forwarded(accept: string | undefined): boolean {
  if (!adminRule?.bypass) throw new Error('the console proxy has no /admin rule');
  return adminRule.bypass({ headers: { accept } } as never) === null;
}

describe('the console dev server', () => {
  let sent: Headers | undefined;

  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = new Headers(init.headers);
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { userId: 1, role: 'admin', phone: '+919000000001' } }));
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it("forwards the console's calls to the API", async () => {
    const { call } = await import('./client');
    await call(adminMe, {});
    expect(forwarded(sent?.get('accept') ?? undefined)).toBe(true);
  });

  it('serves the page, its scripts and hot updates itself', () => {
    expect(forwarded('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(forwarded('*/*')).toBe(false);
    expect(forwarded(undefined)).toBe(false);
  });

  it("keeps the earner app's forwarding", () => {
    const paths = consoleApiProxy().flatMap((rule) => rule.pathFilter);
    expect(paths).toEqual(expect.arrayContaining(['/app', '/login', '/remotes.json', '/admin']));
  });
});
