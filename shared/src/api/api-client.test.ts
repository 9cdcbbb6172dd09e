import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { appInfo } from '../contracts/messaging.contracts';
import { messagingSign, messagingVerify } from '../contracts/sign';
import { taskExchange, taskList } from '../contracts/task.contracts';
import { userInfo } from '../contracts/user.contracts';
import { payWithdraw } from '../contracts/wallet.contracts';
import { type ApiClientDeps, createApiClient, Refused } from './api-client';

const USER = {
  id: 7,
  phone: '+919812345678',
  country: 'IN',
  thirdUserId: 'u-7',
  thirdName: 'Asha',
  asset: 10000,
  level: 2,
  inviteCode: 'ABC123',
  currency: 'INR',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let deps: ApiClientDeps & { notifyError: Mock<(message: string) => void>; onUnauthorized: Mock<() => void> };

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  deps = {
    getToken: () => 'tok-1',
    getLanguageTag: () => 'id-ID',
    getThirdParty: () => ({ thirdUserId: 'u-7', thirdName: 'Asha' }),
    onUnauthorized: vi.fn<() => void>(),
    notifyError: vi.fn<(message: string) => void>(),
    translate: (key) => `t:${key}`,
    now: () => 1_700_000_000_000,
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('callMain', () => {
  it('sends the bearer token, the language tag and GET input as query, and returns checked data', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, data: [], msg: 'ok' }));
    const api = createApiClient(deps);
    await expect(api.callMain(taskList, { taskType: 'share' })).resolves.toEqual([]);
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/app/task/list?taskType=share');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('accept-language')).toBe('id-ID');
  });

  it('sends other methods as a JSON body and no Authorization without a token', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, data: USER, msg: 'ok' }));
    const api = createApiClient({ ...deps, getToken: () => null });
    await expect(api.callMain(userInfo, {})).resolves.toEqual(USER);
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/app/user/info');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(headers.get('content-type')).toContain('application/json');
    expect(headers.has('authorization')).toBe(false);
  });

  it('toasts msg and yields undefined when the envelope code is not 200, even with an error status', async () => {
    fetchMock.mockResolvedValue(json({ code: 1101, data: null, msg: 'Insufficient balance' }, 400));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).resolves.toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('Insufficient balance');
  });

  it('throws an inline refusal with its message and code instead of toasting it', async () => {
    fetchMock.mockResolvedValue(json({ code: 400, data: null, msg: 'Choose no more than 31 days' }, 400));
    const api = createApiClient(deps);
    const refusal = await api.callMain(userInfo, {}, { inline: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refused);
    expect(refusal).toMatchObject({ message: 'Choose no more than 31 days', code: 400 });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('toasts nothing for a quiet call, whatever fails', async () => {
    const api = createApiClient(deps);
    fetchMock.mockResolvedValueOnce(json({ code: 1101, data: null, msg: 'Insufficient balance' }, 400));
    await expect(api.callMain(userInfo, {}, { quiet: true })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api.callMain(userInfo, {}, { quiet: true })).rejects.toThrow();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.callMain(userInfo, {}, { quiet: true })).rejects.toThrow('t:errors.network');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('leaves a lost answer to the screen when asked, and still toasts a refusal', async () => {
    const api = createApiClient({ ...deps, isOffline: () => true });
    const input = { amount: 100_00, recipientId: 41, idempotencyKey: 'k-1' };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.callMain(payWithdraw, input, { lostInline: true })).rejects.toThrow('t:errors.network');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api.callMain(payWithdraw, input, { lostInline: true })).rejects.toThrow('t:errors.internal');
    expect(deps.notifyError).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json({ code: 1101, data: null, msg: 'Insufficient balance' }, 400));
    await expect(api.callMain(payWithdraw, input, { lostInline: true })).resolves.toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('Insufficient balance');
  });

  it('accepts `message` in place of `msg`', async () => {
    fetchMock.mockResolvedValue(json({ code: 500, data: null, message: 'Broken' }, 500));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).resolves.toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('Broken');
  });

  it('hands HTTP 401 to onUnauthorized without a toast', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, data: null, msg: 'Please log in again' }, 401));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).resolves.toBeUndefined();
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('toasts the translated network error and rejects when fetch fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).rejects.toThrow('t:errors.network');
    expect(deps.notifyError).toHaveBeenCalledWith('t:errors.network');
  });

  it('rejects without a toast while the phone is offline: the offline notice says why', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient({ ...deps, isOffline: () => true });
    await expect(api.callMain(userInfo)).rejects.toThrow('t:errors.network');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('offline, says that something the earner asked for was not sent, whatever its method', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient({ ...deps, isOffline: () => true });
    await expect(api.callMain(payWithdraw, { amount: 100, recipientId: 1, idempotencyKey: 'k'.repeat(16) })).rejects.toThrow('t:errors.network');
    await expect(api.callMain(taskExchange, { code: 'GOOD' })).rejects.toThrow('t:errors.network');
    expect(deps.notifyError.mock.calls).toEqual([['t:errors.offlineNotSent'], ['t:errors.offlineNotSent']]);
  });

  it('gives up after the timeout with the timeout message', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const api = createApiClient({ ...deps, timeoutMs: 20 });
    await expect(api.callMain(userInfo)).rejects.toThrow('t:errors.timeout');
    expect(deps.notifyError).toHaveBeenCalledWith('t:errors.timeout');
  });

  it('treats data that breaks the contract as a bug: logs, toasts errors.internal, yields undefined', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json({ code: 200, data: { id: 'not a number' }, msg: 'ok' }));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalled();
    expect(deps.notifyError).toHaveBeenCalledWith('t:errors.internal');
  });

  it('rejects a body that is not an envelope (a proxy error page)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const api = createApiClient(deps);
    await expect(api.callMain(userInfo)).rejects.toThrow('t:errors.internal');
    expect(deps.notifyError).toHaveBeenCalledWith('t:errors.internal');
  });
});

describe('callMessaging', () => {
  it('signs the path with the stored identity and sends time, verification and bearer token', async () => {
    const info = { officialAccount: '+10000000000', codeValidSeconds: 600, dailyCap: 480000, earnedToday: 0, reward: 2000, eligibility: null, simulator: false, numbers: [] };
    fetchMock.mockResolvedValue(json({ code: 0, data: info, message: 'ok' }));
    const api = createApiClient(deps);
    await expect(api.callMessaging(appInfo)).resolves.toEqual(info);
    const sign = await messagingSign('/api/user/get_appinfo', 'u-7', 'Asha');
    const { url, headers } = lastRequest();
    expect(url).toBe(`/api/user/get_appinfo?sign=${sign}`);
    expect(headers.get('x-time')).toBe('1700000000000');
    expect(headers.get('x-verify')).toBe(await messagingVerify('1700000000000', sign));
    expect(headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('toasts the message of a nonzero code', async () => {
    fetchMock.mockResolvedValue(json({ code: 2001, data: null, message: 'The request could not be verified' }, 400));
    const api = createApiClient(deps);
    await expect(api.callMessaging(appInfo)).resolves.toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('The request could not be verified');
  });

  it('shows nothing for code 10030', async () => {
    fetchMock.mockResolvedValue(json({ code: 10030, data: null, message: 'no dialog' }));
    const api = createApiClient(deps);
    await expect(api.callMessaging(appInfo)).resolves.toBeUndefined();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('toasts a network error and resolves with nothing', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient(deps);
    await expect(api.callMessaging(appInfo)).resolves.toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('t:errors.network');
  });

  it('hands HTTP 401 to onUnauthorized', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, data: null, message: 'Please log in again' }, 401));
    const api = createApiClient(deps);
    await expect(api.callMessaging(appInfo)).resolves.toBeUndefined();
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
  });
});
