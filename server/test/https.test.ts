import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { EMBEDDED_CONFIG_ID } from '@grab/shared/first-screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportOptions } from '../src/http/transport';
import { createTestContext, registerEarner, testConfig, type TestContext } from './helper';
import { picture } from './reviews-fixtures';

/** A throw-away certificate for 127.0.0.1, made for this run: nothing secret is kept in the repository. */
function selfSignedCertificate(dir: string): { certFile: string; keyFile: string } {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  return { certFile, keyFile };
}

const SCRIPT = `console.log(${JSON.stringify('grab '.repeat(200))});`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function h2Request(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let responseHeaders: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      responseHeaders = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('HTTPS with HTTP/2, when the server has a certificate', () => {
  let ctx: TestContext;
  let dir: string;
  let origin: string;
  let ca: Buffer;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-tls-'));
    const { certFile, keyFile } = selfSignedCertificate(dir);
    ca = fs.readFileSync(certFile);
    // A built host in miniature: the shell and one script with its precompressed copy.
    const host = path.join(dir, 'host');
    fs.mkdirSync(path.join(host, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(host, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>Grab</title></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(host, 'static/js/index.1a.js'), SCRIPT);
    fs.writeFileSync(path.join(host, 'static/js/index.1a.js.br'), brotliCompressSync(SCRIPT));
    ctx = await createTestContext('pglite', testConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, STATIC_HOST_DIR: host }));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('speaks HTTP/2 to a browser that offers it: reads, JSON writes and security headers as over HTTP/1.1', async () => {
    const session = http2.connect(origin, { ca });
    try {
      const health = await h2Request(session, { ':path': '/health' });
      expect(session.alpnProtocol).toBe('h2');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body.toString())).toMatchObject({ code: 200, data: { status: 'ok' } });
      // HSTS: the page is served over TLS, so the phone is told to stay on it.
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);

      const config = await h2Request(session, { ':method': 'POST', ':path': '/public/commonConfig', 'content-type': 'application/json' }, '{}');
      expect(config.status).toBe(200);
      expect(JSON.parse(config.body.toString())).toMatchObject({ code: 200, data: { title: 'Grab' } });

      // Bad input over HTTP/2 gets the same answer as over HTTP/1.1: a message, not a crash.
      const bad = await h2Request(session, { ':method': 'POST', ':path': '/public/user/login', 'content-type': 'application/json', 'accept-language': 'ur-PK' }, '{"phone":');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body.toString()).code).not.toBe(200);

      // The page and its files: the shell with what the server embeds, a script precompressed.
      const page = await h2Request(session, { ':path': '/home' });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain(`id="${EMBEDDED_CONFIG_ID}"`);
      const script = await h2Request(session, { ':path': '/static/js/index.1a.js', 'accept-encoding': 'br' });
      expect(script.status).toBe(200);
      expect(script.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(script.body).toString()).toBe(SCRIPT);
    } finally {
      session.close();
    }
  });

  it('takes an earner’s screenshot over HTTP/2, streamed like over HTTP/1.1', async () => {
    const earner = await registerEarner(ctx.app);
    const session = http2.connect(origin, { ca });
    try {
      const upload = await h2Request(session, { ':method': 'POST', ':path': '/app/upload/image', authorization: `Bearer ${earner.token}`, 'content-type': 'image/png' }, await picture('png'));
      expect(upload.status).toBe(200);
      expect(JSON.parse(upload.body.toString())).toMatchObject({ code: 200, data: { width: 64, height: 48 } });
      // Not signed in: refused with a message, as over HTTP/1.1.
      const anonymous = await h2Request(session, { ':method': 'POST', ':path': '/app/upload/image', 'content-type': 'image/png' }, await picture('png'));
      expect(anonymous.status).toBe(401);
    } finally {
      session.close();
    }
  });

  it('still speaks HTTP/1.1 to a client that offers only that', async () => {
    const answer = await new Promise<{ status: number; protocol: string | false | null; body: string }>((resolve, reject) => {
      const request = https.get(`${origin}/health`, { agent: new https.Agent({ ca, ALPNProtocols: ['http/1.1'] }) }, (response) => {
        const protocol = (response.socket as TLSSocket).alpnProtocol;
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, protocol, body }));
      });
      request.on('error', reject);
    });
    expect(answer.protocol).toBe('http/1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200 });
  });

  it('names the file it cannot read', () => {
    expect(() => transportOptions({ certFile: path.join(dir, 'missing.pem'), keyFile: path.join(dir, 'key.pem') })).toThrow(/TLS_CERT_FILE: cannot read .*missing\.pem/);
    expect(transportOptions(null)).toEqual({});
  });
});
