// A throw-away certificate for benchmarks that serve Grab over HTTPS (and so HTTP/2), as a phone
// reaches a deployment. Made with openssl for 127.0.0.1 and one run; nothing secret is kept.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';

/**
 * @typedef {object} Certificate
 * @property {string} certFile
 * @property {string} keyFile
 * @property {string} spki   base64 SHA-256 of the public key: what Chromium is told to trust
 */

/**
 * Writes a self-signed certificate for 127.0.0.1 into `dir`, and makes this process's HTTPS clients
 * (fetch included) trust it.
 * @param {string} dir
 * @returns {Certificate}
 */
export function throwAwayCertificate(dir) {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(`openssl could not make a certificate for the HTTPS runs (is the openssl package installed?): ${error instanceof Error ? error.message : String(error)}`);
  }
  const pem = fs.readFileSync(certFile, 'utf8');
  const spki = createHash('sha256').update(createPublicKey(pem).export({ type: 'spki', format: 'der' })).digest('base64');
  const withDefaults = /** @type {typeof tls & { setDefaultCACertificates?: (certs: string[]) => void, getCACertificates?: (kind: string) => string[] }} */ (tls);
  if (withDefaults.setDefaultCACertificates && withDefaults.getCACertificates) {
    withDefaults.setDefaultCACertificates([...withDefaults.getCACertificates('default'), pem]);
  } else {
    // Node before 22.19 cannot add a CA at run time; this process only ever talks to 127.0.0.1.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  }
  return { certFile, keyFile, spki };
}

/**
 * Chromium flags that trust `certificate` and nothing more (honoured with a user-data-dir, which
 * every benchmark browser has).
 * @param {Certificate} certificate
 */
export function trustFlags(certificate) {
  return [`--ignore-certificate-errors-spki-list=${certificate.spki}`];
}
