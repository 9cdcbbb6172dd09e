import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyList } from '../contracts/config.contracts';
import { taskList } from '../contracts/task.contracts';
import { userInfo } from '../contracts/user.contracts';
import { FIRST_SCREENS } from '../remotes/first-screens';
import { type ApiClientDeps, createApiClient } from './api-client';
import { EARLY_CALL_MAX_AGE_MS, EARLY_CALLS_GLOBAL, type EarlyCall, earlyCallsScript, takeEarlyCall } from './early-calls';

type FetchCall = [url: string, init: { headers: Record<string, string> }];

/** Runs index.html's script as a page at `path` would, with `storage` in local storage. */
function runScript(path: string, storage: Record<string, string>, fetchImpl: (url: string) => Promise<Response>) {
  const fetches: FetchCall[] = [];
  const window: Record<string, unknown> = {
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    location: { pathname: path.split('?')[0], search: path.includes('?') ? path.slice(path.indexOf('?')) : '' },
    fetch: (url: string, init: FetchCall[1]) => {
      fetches.push([url, init]);
      return fetchImpl(url);
    },
  };
  vm.runInNewContext(earlyCallsScript(), { window, Date });
  (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = window[EARLY_CALLS_GLOBAL];
  return { fetches, calls: window[EARLY_CALLS_GLOBAL] as EarlyCall[] | undefined };
}

const PKR = { code: 'PKR', language: 'ur-PK', microsPerPoint: 2_800_000, fractionDigits: 2 };
const SIGNED_IN = { token: 'tok-1', userInfo: '{"id":7}' };

function answer(data: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { status: 200 }));
}

let fetchMock: ReturnType<typeof vi.fn>;

function client(overrides: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    getToken: () => 'tok-1',
    getLanguageTag: () => 'ur-PK',
    getThirdParty: () => null,
    onUnauthorized: vi.fn(),
    notifyError: vi.fn(),
    translate: (key) => key,
    takeEarly: (url, headers) => takeEarlyCall(url, headers),
    ...overrides,
  });
}

beforeEach(() => {
  fetchMock = vi.fn(() => answer([]));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
});

describe("index.html's early calls", () => {
  it('start the first screen’s reads with the headers the API client sends, in the stored language', () => {
    const { fetches } = runScript('/home', { ...SIGNED_IN, language: 'ur-PK' }, () => answer([]));
    expect(fetches.map(([url]) => url)).toEqual(FIRST_SCREENS['/home']?.calls);
    for (const [, init] of fetches) {
      expect(init.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'ur-PK', Authorization: 'Bearer tok-1' });
    }
  });

  it('send the language’s BCP 47 tag, not its storage key, and English when none is stored', () => {
    expect(runScript('/', { ...SIGNED_IN, language: 'hi-IND' }, () => answer([])).fetches[0]?.[1].headers['Accept-Language']).toBe('id-ID');
    expect(runScript('/', SIGNED_IN, () => answer([])).fetches[0]?.[1].headers['Accept-Language']).toBe('en-US');
  });

  it('start nothing signed out, on a page with a query, or on a screen without first calls', () => {
    expect(runScript('/home', { token: 'tok-1' }, () => answer([])).fetches).toEqual([]);
    expect(runScript('/home?taskType=audit', SIGNED_IN, () => answer([])).fetches).toEqual([]);
    expect(runScript('/login', SIGNED_IN, () => answer([])).fetches).toEqual([]);
    expect(runScript('/wallet', SIGNED_IN, () => answer([])).fetches).toEqual([]);
  });

  it('never throw into the page, even without storage', () => {
    const window: Record<string, unknown> = {
      get localStorage() {
        throw new Error('blocked');
      },
    };
    expect(() => vm.runInNewContext(earlyCallsScript(), { window })).not.toThrow();
  });
});

describe('the API client and an early answer', () => {
  it('takes the answer once in place of its own request, then asks the server again', async () => {
    runScript('/home', { ...SIGNED_IN, language: 'ur-PK' }, (url) => answer(url === '/app/currency/list' ? [PKR] : []));
    const api = client();
    await expect(api.callMain(currencyList)).resolves.toEqual([PKR]);
    expect(fetchMock).not.toHaveBeenCalled();
    await api.callMain(currencyList);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a refusal or a 401 in it as it would its own answer', async () => {
    runScript('/home', SIGNED_IN, () => Promise.resolve(new Response('{"code":401,"data":null,"msg":"expired"}', { status: 401 })));
    const onUnauthorized = vi.fn();
    await expect(client({ getLanguageTag: () => 'en-US', onUnauthorized }).callMain(taskList)).resolves.toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server itself when the early request failed', async () => {
    runScript('/home', SIGNED_IN, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client({ getLanguageTag: () => 'en-US' }).callMain(taskList)).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves an answer asked with another session or language, or too old, and sends its own', async () => {
    runScript('/home', SIGNED_IN, () => answer([]));
    await client({ getToken: () => 'tok-2', getLanguageTag: () => 'en-US' }).callMain(taskList);
    await client({ getLanguageTag: () => 'ur-PK' }).callMain(taskList);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const headers = { Authorization: 'Bearer tok-1', 'Accept-Language': 'en-US' };
    expect(takeEarlyCall('/app/task/list', headers, Date.now() + EARLY_CALL_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyCall('/app/task/list', headers)).not.toBeNull();
  });

  it('never takes one for a POST', async () => {
    runScript('/home', SIGNED_IN, () => answer([]));
    const takeEarly = vi.fn(takeEarlyCall);
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{"code":500,"data":null,"msg":"no"}')));
    await client({ takeEarly }).callMain(userInfo);
    expect(takeEarly).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
