import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessagingConfig } from '../../config';
import type { Executor } from '../../db/database';
import { serverSecret } from '../../db/server-secrets';

/** The provider's header: `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

export function signBody(raw: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/** Constant-time comparison of the header against the body's signature; a missing header fails. */
export function signatureMatches(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(raw, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The app secret and the handshake token: from configuration when the operator connected a real
 * provider, else made once per database (demo and tests), like the server's other secrets, so
 * none is ever committed.
 */
export function providerSecrets(db: Executor, config: MessagingConfig) {
  return {
    appSecret: () => (config.appSecret ? Promise.resolve(config.appSecret) : serverSecret(db, 'messaging-app-secret')),
    verifyToken: () => (config.verifyToken ? Promise.resolve(config.verifyToken) : serverSecret(db, 'messaging-verify-token')),
  };
}
