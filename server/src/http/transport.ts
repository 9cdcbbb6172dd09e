import fs from 'node:fs';
import type { Config } from '../config';

/**
 * Fastify's options for the configured transport. With a certificate: HTTPS, HTTP/2 for browsers
 * that offer it (one connection carries every file and call of a page, and headers are sent
 * compressed, which on slow mobile data is most of the first screen's waiting) and HTTP/1.1 for
 * the rest. Without one: plain HTTP. The same routes and handlers serve both: node:http2's
 * compatibility request and response behave as node:http's.
 */
export function transportOptions(https: Config['https']): { http2?: true; https?: { allowHTTP1: true; cert: Buffer; key: Buffer } } {
  if (!https) return {};
  const read = (file: string, name: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`${name}: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  return { http2: true, https: { allowHTTP1: true, cert: read(https.certFile, 'TLS_CERT_FILE'), key: read(https.keyFile, 'TLS_KEY_FILE') } };
}
