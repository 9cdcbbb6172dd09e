import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteManifest } from '@grab/shared/contracts';
import type { Config } from '../config';
import { firstScreenHints } from './first-screen-hints';
import { renderShell } from './shell-html';
import { NO_CACHE, readManifest } from './static';

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
    const hints = manifest ? await firstScreenHints(config, manifest, pathname) : [];
    // Compressed on the way out like any dynamic answer: the precompressed file no longer fits.
    reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
    return reply.send(renderShell(template, manifest, hints));
  };
}
