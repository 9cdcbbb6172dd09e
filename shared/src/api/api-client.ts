import type { DataOf, Endpoint, InputOf } from '../contracts/envelope';
import { MESSAGING_OK, MESSAGING_SILENT, OK } from '../contracts/envelope';
import { MESSAGING_TIME_HEADER, MESSAGING_VERIFY_HEADER, messagingSign, messagingVerify } from '../contracts/sign';

/** SPEC §9: both APIs give up after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Everything the client needs from the rest of the app is passed in, so this module never imports
 * the store, i18n or UI: `index.ts` wires it, and tests hand it plain functions.
 */
export interface ApiClientDeps {
  getToken: () => string | null;
  /** BCP 47 tag of the current language, for `Accept-Language`. */
  getLanguageTag: () => string;
  /** The stored third-party identity that the messaging sign is computed from. */
  getThirdParty: () => { thirdUserId: string; thirdName: string } | null;
  /** HTTP 401: the session is gone (SPEC §4). */
  onUnauthorized: () => void;
  notifyError: (message: string) => void;
  /**
   * The phone says it has no connection. A read that cannot reach the server then tells nothing:
   * the offline notice already says why, and a toast per failed call would only pile up. A call
   * that `sends` says it was not sent.
   */
  isOffline?: () => boolean;
  /** Translates a key of the common namespace. */
  translate: (key: string) => string;
  timeoutMs?: number;
  /** Defaults to `Date.now`; tests pin it to check the verification header. */
  now?: () => number;
  /**
   * The answer index.html's early calls already have for this GET (address and headers as this
   * client would send them), taken once; null when there is none (@grab/shared's early-calls).
   */
  takeEarly?: (url: string, headers: Readonly<Record<string, string>>) => Promise<{ status: number; text: string } | null> | null;
}

export interface CallOptions {
  /**
   * A refusal is thrown as `Refused` instead of toasted: the screen shows the server's message next
   * to what it refers to (a report's dates). Network failures are still toasted.
   */
  inline?: boolean;
  /**
   * Nothing is toasted: a failure only rejects (or gives undefined). For a first screen's call that
   * starts before the texts have loaded; the screen asks again and reports a failure itself.
   */
  quiet?: boolean;
  /**
   * A call that never got its answer (the connection dropped, or something other than the server's
   * envelope came back) is thrown without a toast: the screen says so itself, beside the button to
   * tap again. Refusals are still toasted.
   */
  lostInline?: boolean;
}

export interface ApiClient {
  callMain<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options?: CallOptions): Promise<DataOf<E> | undefined>;
  callMessaging<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<DataOf<E> | undefined>;
  /**
   * What `callMain` does with an answer, for requests it cannot send itself (uploads need
   * XMLHttpRequest for progress): 401 ends the session, a refusal is toasted and gives undefined,
   * an answer that is not an envelope throws a NetworkError that was toasted too.
   */
  settleMain<E extends Endpoint>(endpoint: E, status: number, body: unknown, options?: CallOptions): DataOf<E> | undefined;
}

interface Envelope {
  code: number;
  data: unknown;
  msg?: string;
  message?: string;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Why a call failed before any envelope arrived; its message is already translated. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The server said no to an `inline` call; `message` is already in the earner's language. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** `path?a=1&b=2` from the values that are set; the contracts' inputs are flat. */
function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** JSON when the body is JSON, else its text (a proxy's HTML error page), which is no envelope. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeout = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const now = deps.now ?? Date.now;

  async function send(endpoint: Endpoint, input: unknown, extra: { query?: Record<string, string>; headers?: Record<string, string> }) {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.getLanguageTag(), ...extra.headers };
    const token = deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isGet = endpoint.method === 'GET';
    if (!isGet) headers['Content-Type'] = 'application/json';
    const query = isGet ? { ...(input as Record<string, unknown> | undefined), ...extra.query } : extra.query;
    const url = withQuery(endpoint.path, query);
    const early = isGet ? await deps.takeEarly?.(url, headers) : null;
    if (early) return { status: early.status, body: parseBody(early.text) };
    // No retry: it doubles the wait on a slow link, and every screen offers its own. Error statuses
    // are read like any answer: they carry the envelope with the message the earner should read.
    try {
      const response = await fetch(url, {
        method: endpoint.method,
        headers,
        body: isGet ? undefined : JSON.stringify(input ?? {}),
        signal: AbortSignal.timeout(timeout),
      });
      return { status: response.status, body: await readBody(response) };
    } catch (error) {
      throw new NetworkError(describeNetworkError(error), { cause: error });
    }
  }

  function describeNetworkError(error: unknown): string {
    const cause = (error as { cause?: { name?: string } } | null)?.cause;
    if (cause?.name === 'TimeoutError' || (error as { name?: string } | null)?.name === 'TimeoutError') {
      return deps.translate('errors.timeout');
    }
    // The browser words a failed fetch as `Failed to fetch`: no use to an earner.
    return deps.translate('errors.network');
  }

  /** Checks `data` against the endpoint's schema; a mismatch is a client/server bug, not the earner's. */
  function checked<E extends Endpoint>(endpoint: E, data: unknown): DataOf<E> | undefined {
    const result = endpoint.data.safeParse(data);
    if (result.success) return result.data as DataOf<E>;
    console.error(`Response of ${endpoint.method} ${endpoint.path} does not match its contract`, result.error);
    deps.notifyError(deps.translate('errors.internal'));
    return undefined;
  }

  function nonEnvelope(status: number): NetworkError {
    return new NetworkError(status >= 500 ? deps.translate('errors.internal') : deps.translate('errors.network'));
  }

  function settleMain<E extends Endpoint>(endpoint: E, status: number, body: unknown, options: CallOptions = {}): DataOf<E> | undefined {
    if (status === 401) {
      deps.onUnauthorized();
      return undefined;
    }
    if (!isEnvelope(body)) {
      const error = nonEnvelope(status);
      if (!options.quiet && !options.lostInline) deps.notifyError(error.message);
      throw error;
    }
    if (body.code !== OK) {
      const message = body.msg || body.message || deps.translate('errors.internal');
      if (options.inline) throw new Refused(message, body.code);
      if (!options.quiet) deps.notifyError(message);
      return undefined;
    }
    return checked(endpoint, body.data);
  }

  /**
   * A call that never reached the server. Offline, a read says nothing (the offline notice says
   * why), but something the earner asked for says it was not sent, so a tap is never met by silence.
   */
  function networkFailed(endpoint: Endpoint, error: unknown): void {
    if (!deps.isOffline?.()) deps.notifyError((error as Error).message);
    else if (endpoint.sends) deps.notifyError(deps.translate('errors.offlineNotSent'));
  }

  async function callMain<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options?: CallOptions): Promise<DataOf<E> | undefined> {
    let result: { status: number; body: unknown };
    try {
      result = await send(endpoint, input, {});
    } catch (error) {
      if (!options?.quiet && !options?.lostInline) networkFailed(endpoint, error);
      throw error;
    }
    return settleMain(endpoint, result.status, result.body, options);
  }

  async function callMessaging<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<DataOf<E> | undefined> {
    const third = deps.getThirdParty();
    const time = String(now());
    const sign = await messagingSign(endpoint.path, third?.thirdUserId ?? '', third?.thirdName ?? '');
    const verify = await messagingVerify(time, sign);
    let result: { status: number; body: unknown };
    try {
      result = await send(endpoint, input, {
        query: { sign },
        headers: { [MESSAGING_TIME_HEADER]: time, [MESSAGING_VERIFY_HEADER]: verify },
      });
    } catch (error) {
      // SPEC §8: the second API resolves with nothing on network errors.
      networkFailed(endpoint, error);
      return undefined;
    }
    if (result.status === 401) {
      deps.onUnauthorized();
      return undefined;
    }
    if (!isEnvelope(result.body)) {
      deps.notifyError(nonEnvelope(result.status).message);
      return undefined;
    }
    if (result.body.code !== MESSAGING_OK) {
      // SPEC §8 maps 10030 to an empty text: no dialog.
      const text = result.body.code === MESSAGING_SILENT ? '' : result.body.message || result.body.msg || '';
      if (text) deps.notifyError(text);
      return undefined;
    }
    return checked(endpoint, result.body.data);
  }

  return { callMain, callMessaging, settleMain };
}
