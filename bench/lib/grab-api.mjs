// The few Grab API calls the benchmarks need, against the demo earner seeded on first start.

export const DEMO = { country: 'IN', phone: '9876543210', password: 'grab-demo-2026' };

/**
 * @typedef {{ code: number, data: any, msg?: string, message?: string }} Envelope
 */

/**
 * Calls the API and returns the envelope; throws when the HTTP status or the envelope's code is not 200.
 * @param {string} baseUrl
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [options]
 * @returns {Promise<{ envelope: Envelope, bytes: number }>}
 */
export async function call(baseUrl, path, { method = 'GET', body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  /** @type {Envelope} */
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} answered HTTP ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok || envelope.code !== 200) {
    throw new Error(`${method} ${path} answered HTTP ${response.status}, code ${envelope.code}: ${envelope.msg ?? envelope.message ?? ''}`);
  }
  return { envelope, bytes: Buffer.byteLength(text) };
}

/**
 * Logs the demo earner in; returns the token and the userInfo object, as the client stores them.
 * @param {string} baseUrl
 * @returns {Promise<{ token: string, userInfo: Record<string, unknown> }>}
 */
export async function loginDemo(baseUrl) {
  const { envelope } = await call(baseUrl, '/login', { method: 'POST', body: DEMO });
  const { token, userInfo } = envelope.data ?? {};
  if (typeof token !== 'string' || !userInfo) throw new Error('POST /login answered without token and userInfo');
  return { token, userInfo };
}

/**
 * The local-storage entries a logged-in client keeps: the token and the JSON of userInfo.
 * @param {{ token: string, userInfo: Record<string, unknown> }} session
 */
export function localStorageEntries(session) {
  return [
    { name: 'token', value: session.token },
    { name: 'userInfo', value: JSON.stringify(session.userInfo) },
  ];
}
