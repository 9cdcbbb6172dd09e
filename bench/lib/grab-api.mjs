// The few Grab API calls the benchmarks need, against the demo earner seeded on first start.

export const DEMO = { country: 'IN', phone: '9876543210', password: 'grab-demo-2026' };

/** The reviewer the seed creates; production deployments set their own password. */
export const REVIEWER = { country: 'IN', phone: '9000000001', password: process.env.SEED_REVIEWER_PASSWORD || 'grab-review-2026' };

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
 * Logs the seeded reviewer in and returns the bearer token.
 * @param {string} baseUrl
 */
export async function loginReviewer(baseUrl) {
  const { envelope } = await call(baseUrl, '/login', { method: 'POST', body: REVIEWER });
  return /** @type {string} */ (envelope.data.token);
}

/**
 * Signs an Indian earner up under `inviteCode` through the real registration (password hash, team
 * tree, the uplines' daily rollups, the welcome bonus); returns the token and the new userInfo.
 * @param {string} baseUrl
 * @param {{ phone: string, inviteCode: string }} person
 */
export async function registerEarner(baseUrl, { phone, inviteCode }) {
  const password = 'bench-password-2026';
  const body = { country: 'IN', phone, password, rePassword: password, inviteCode, deviceId: `bench-device-${phone}` };
  const { envelope } = await call(baseUrl, '/public/user/register', { method: 'POST', body });
  return { token: /** @type {string} */ (envelope.data.token), userInfo: envelope.data.userInfo };
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
