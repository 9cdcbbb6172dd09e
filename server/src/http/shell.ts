import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteManifest } from '@grab/shared/contracts';
import type { Config } from '../config';
import { firstScreenHints } from './first-screen-hints';
import { renderShell } from './shell-html';
import { NO_CACHE, readManifest } from './static';

/**
 * The body in the best encoding the client takes. The shell differs per request (manifest, route),
 * so the precompressed index.html cannot be used; it is a few KB, and brotli at a low level costs
 * well under a millisecond.
 */
function encode(request: FastifyRequest, html: string): { body: Buffer; encoding?: string } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: Buffer.from(html) };
}

/**
 * Answers an SPA route with the host's index.html, the remote manifest embedded and the route's
 * first-screen files hinted, so /home does not wait for /remotes.json and each file of the chain
 * before asking for the next. A manifest that cannot be read leaves the shell as built: the host
 * then fetches /remotes.json and shows that failure in the remote's section.
 */
export function shellHandler(config: Config) {
  const indexFile = path.join(config.staticRoots.host, 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const template = await fs.promises.readFile(indexFile, 'utf8');
    let manifest: RemoteManifest | null = null;
    try {
      manifest = await readManifest(config);
    } catch (error) {
      request.log.warn({ err: error }, 'the remote manifest could not be read; index.html is sent without it');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const hints = manifest ? await firstScreenHints(config.staticRoots, manifest, pathname) : [];
    const { body, encoding } = encode(request, renderShell(template, manifest, hints));
    reply.header('cache-control', NO_CACHE).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
}
