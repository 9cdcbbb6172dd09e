import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_CALLS_CSP_SOURCE } from './early-calls';

const FACEBOOK_SCRIPT = 'https://connect.facebook.net';
const FACEBOOK = 'https://www.facebook.com';

/**
 * The CSP the app runs under: everything from our origin, the ad pixel's two Facebook origins, and
 * the origins of remotes that the manifest places elsewhere (`remotes`, joined by spaces). The only
 * inline script allowed is index.html's early calls, by its hash; inline styles are, because UI
 * libraries set style attributes.
 * `blob:` images: private pictures are read with the bearer token and shown from memory, and
 * picked photos are previewed before upload.
 */
export function contentSecurityPolicy(remotes: string) {
  // A function, as before the header was kept: helmet then writes an empty list as it always did.
  const origins = () => remotes;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", EARLY_CALLS_CSP_SOURCE, FACEBOOK_SCRIPT, origins],
    'style-src': ["'self'", "'unsafe-inline'", origins],
    'img-src': ["'self'", 'data:', 'blob:', FACEBOOK, origins],
    'font-src': ["'self'", 'data:', origins],
    'connect-src': ["'self'", FACEBOOK, FACEBOOK_SCRIPT, origins],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export type HeaderList = readonly (readonly [string, string])[];

/**
 * The headers helmet writes for `options`, in its order and spelling. None of them depends on the request
 * (no nonces), so helmet runs once against a stand-in response instead of on every response.
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader(name: string) {
      const at = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (at >= 0) headers.splice(at, 1);
    },
    getHeader(name: string) {
      return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The security headers of every response, computed when the remote manifest's origins change, not
 * per response: `remoteOrigins` returns the same array until a deploy writes another manifest.
 */
export function securityHeaders(remoteOrigins: () => string[], tls: boolean): () => HeaderList {
  let origins: string[] | undefined;
  let headers: HeaderList = [];
  return () => {
    const now = remoteOrigins();
    if (now !== origins) {
      headers = helmetHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(now.join(' ')) },
        // Remotes may be loaded by a host on another port of this site during development.
        crossOriginResourcePolicy: { policy: 'same-site' },
        // Over plain HTTP a browser ignores HSTS at best; a site that is not on TLS must not promise it.
        strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: true } : false,
      });
      origins = now;
    }
    return headers;
  };
}

export async function registerSecurity(app: FastifyInstance, headers: () => HeaderList): Promise<void> {
  // Into the reply's own headers, not the raw response's: Node then writes them with the reply's
  // other headers in one pass instead of taking each through setHeader first. What that saves was
  // within this machine's noise (bench/README.md, 2026-11-28); all the headers together are about
  // a fifth of a cached read's CPU, and the issue keeps every one of them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers()) reply.header(name, value);
    done();
  });
  // Answers of the API carry tokens and balances: no browser or proxy may keep them. Static files
  // and pictures set their own caching before this runs; everything else is never stored.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
