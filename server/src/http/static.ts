import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { manifestEntryOrigins, RemoteManifest } from '@grab/shared/contracts';
import type { Config } from '../config';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files whose names never change between builds: they must be revalidated on every load. */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);

export function defaultManifest(config: Config): RemoteManifest {
  return { remotes: config.staticRoots.remotes.map((r) => ({ name: r.mfName, entry: `/remotes/${r.name}/remoteEntry.js` })) };
}

/** The manifest file is read on each request, so pointing a remote elsewhere needs no restart. */
export async function readManifest(config: Config): Promise<RemoteManifest> {
  if (!config.remotesManifest) return defaultManifest(config);
  return RemoteManifest.parse(JSON.parse(await fs.promises.readFile(config.remotesManifest, 'utf8')));
}

/** Origins of remote entries given as absolute URLs: the CSP must allow scripts from them. */
export function manifestOrigins(config: Config): string[] {
  if (!config.remotesManifest) return [];
  try {
    return manifestEntryOrigins(RemoteManifest.parse(JSON.parse(fs.readFileSync(config.remotesManifest, 'utf8'))));
  } catch {
    return [];
  }
}

/**
 * Headers that only a document (or a worker script) obeys. A script, style sheet or picture
 * carries them for nothing: ~650 bytes on each of the ten files of /home's first load.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

type RawReply = { setHeader(name: string, value: string): void; removeHeader(name: string): void };

function fileHeaders(root: string) {
  return (reply: FastifyReply | RawReply, filePath: string) => {
    const relative = path.relative(root, filePath.replace(/\.(br|gz)$/, '')).split(path.sep);
    const name = relative[relative.length - 1] ?? '';
    // Build tools put content-hashed files under static/; everything else keeps its name.
    const value = relative[0] === 'static' && !ENTRY_FILES.has(name) ? IMMUTABLE : NO_CACHE;
    // Pages and the offline worker keep them: the worker script's CSP is the worker's own.
    const document = /\.html?$/.test(name) || name === 'sw.js';
    if ('header' in reply) reply.header('cache-control', value);
    else reply.setHeader('cache-control', value);
    if (!document) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  };
}

/**
 * API path prefixes: a miss under these is an API 404, never the SPA shell. Only the reviewer API
 * of /admin/ is listed: the rest of it is left to the operator console's pages.
 */
const API_PREFIXES = ['/app/', '/public/', '/api/', '/admin/review/', '/test/'];

export function isSpaRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname.startsWith('/remotes/')) return false;
  // A last segment with an extension asks for a file that does not exist.
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Serves the built shell at `/` and each remote at `/remotes/<name>/`, with precompressed `.br` /
 * `.gz` files when the client accepts them. Missing build folders are skipped: the API still runs.
 * Returns whether the shell's index.html exists, for the SPA fallback.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<{ indexHtml: string | null }> {
  const roots = [
    { dir: config.staticRoots.host, prefix: '/' },
    ...config.staticRoots.remotes.map((r) => ({ dir: r.dir, prefix: `/remotes/${r.name}/` })),
  ].filter((r) => fs.existsSync(r.dir));
  let decorated = false;
  for (const root of roots) {
    await app.register(fastifyStatic, {
      root: root.dir,
      prefix: root.prefix,
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: fileHeaders(root.dir) as never,
    });
    decorated = true;
  }
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return readManifest(config);
  });
  const indexHtml = path.join(config.staticRoots.host, 'index.html');
  return { indexHtml: fs.existsSync(indexHtml) ? indexHtml : null };
}
