import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CommonConfig, LanguageKey, type RemoteManifest } from '@grab/shared/contracts';
import { LANGUAGE_COOKIE } from '@grab/shared/first-screens';
import { languageFromHeader } from '@grab/shared/i18n/languages';
import type { Config } from '../config';
import { firstScreenHints } from './first-screen-hints';
import { renderShell } from './shell-html';
import { NO_CACHE, readManifest } from './static';

/**
 * The earner's language as the app mirrors it in a cookie; without one (a first visit), the one the
 * app will start in: the phone's, which the browser sends as Accept-Language (`phoneLanguage`).
 */
export function languageOfRequest(cookieHeader: string | undefined, acceptLanguage?: string): LanguageKey {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    const parsed = LanguageKey.safeParse(part.slice(at + 1).trim());
    if (parsed.success) return parsed.data;
  }
  return languageFromHeader(acceptLanguage).key;
}

/**
 * Answers an SPA route with the host's index.html, the remote manifest and the public config
 * embedded and the route's first-screen files hinted, so /home does not wait for /remotes.json and
 * each file of the chain before asking for the next, and no page asks for the config. A manifest or
 * config that cannot be read is left out: the host then fetches it, and shows a failure there.
 */
export function shellHandler(config: Config, publicConfig: () => Promise<CommonConfig>) {
  const indexFile = path.join(config.staticRoots.host, 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const template = await fs.promises.readFile(indexFile, 'utf8');
    let manifest: RemoteManifest | null = null;
    try {
      manifest = await readManifest(config);
    } catch (error) {
      request.log.warn({ err: error }, 'the remote manifest could not be read; index.html is sent without it');
    }
    const common = await publicConfig().catch((error: unknown) => {
      request.log.warn({ err: error }, 'the public config could not be read; index.html is sent without it');
      return null;
    });
    const pathname = request.url.split('?')[0] ?? '/';
    const hints = manifest ? await firstScreenHints(config, manifest, pathname, languageOfRequest(request.headers.cookie, request.headers['accept-language'])) : [];
    // Compressed on the way out like any dynamic answer: the precompressed file no longer fits.
    // The hints follow the language cookie (else Accept-Language), so a cache must not hand one earner's page to another.
    reply.header('cache-control', NO_CACHE).header('vary', 'Cookie, Accept-Language').type('text/html; charset=utf-8');
    return reply.send(renderShell(template, manifest, hints, common));
  };
}
