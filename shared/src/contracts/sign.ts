/**
 * The messaging API's sign (SPEC §7): a hash of the path plus the earner's third-party id and name,
 * and a verification hash of the time with that sign. A public client computes it, so it proves
 * nothing alone: the server also requires the bearer token and a fresh time (DESIGN §4).
 * WebCrypto exists in browsers and in Node ≥ 20, so both sides run this same code.
 */

/**
 * Headers every messaging API call carries besides the bearer token (SPEC §7). They live with the
 * sign, not with the messaging schemas, so the API client every page loads does not bring those
 * schemas with it.
 */
export const MESSAGING_TIME_HEADER = 'x-time';
export const MESSAGING_VERIFY_HEADER = 'x-verify';
/** The server rejects a time header further than this from its clock. */
export const MESSAGING_MAX_SKEW_MS = 5 * 60 * 1000;
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function messagingSign(path: string, thirdUserId: string, thirdName: string): Promise<string> {
  return sha256Hex(`${path}${thirdUserId}${thirdName}`);
}

export function messagingVerify(time: string, sign: string): Promise<string> {
  return sha256Hex(`${time}${sign}`);
}
