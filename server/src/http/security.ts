import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const FACEBOOK_SCRIPT = 'https://connect.facebook.net';
const FACEBOOK = 'https://www.facebook.com';

/**
 * The CSP the app runs under: everything from our origin, the ad pixel's two Facebook origins, and
 * the origins of remotes that the manifest places elsewhere. No inline scripts are allowed; inline
 * styles are, because UI libraries set style attributes. `blob:` images: private pictures are read
 * with the bearer token and shown from memory, and picked photos are previewed before upload.
 */
export function contentSecurityPolicy(remoteOrigins: () => string[]) {
  // Asked on each response: a deploy that moves a remote to another origin needs no restart. Five
  // directives name the remotes; the manifest is looked at once per response, not five times.
  const perResponse = new WeakMap<object, string>();
  const remotes = (_request: unknown, response: object) => {
    let origins = perResponse.get(response);
    if (origins === undefined) {
      origins = remoteOrigins().join(' ');
      perResponse.set(response, origins);
    }
    return origins;
  };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", FACEBOOK_SCRIPT, remotes],
    'style-src': ["'self'", "'unsafe-inline'", remotes],
    'img-src': ["'self'", 'data:', 'blob:', FACEBOOK, remotes],
    'font-src': ["'self'", 'data:', remotes],
    'connect-src': ["'self'", FACEBOOK, FACEBOOK_SCRIPT, remotes],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurity(app: FastifyInstance, remoteOrigins: () => string[], tls: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(remoteOrigins) },
    // Remotes may be loaded by a host on another port of this site during development.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Over plain HTTP a browser ignores HSTS at best; a site that is not on TLS must not promise it.
    strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  // Answers of the API carry tokens and balances: no browser or proxy may keep them. Static files
  // and pictures set their own caching before this runs; everything else is never stored.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
