import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { builtInManifest, manifestEntryOrigins, RemoteManifest } from '@grab/shared/contracts';
import type { Config } from '../config';
import { registerAdminConsole } from './admin-console';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files whose names never change between builds: they must be revalidated on every load. */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);

export function defaultManifest(config: Config): RemoteManifest {
  return builtInManifest(config.staticRoots.remotes);
}

/** The file the manifest is read from, and whether it must exist (REMOTES_MANIFEST was given). */
function manifestFile(config: Config): { file: string; required: boolean } {
  if (config.remotesManifest) return { file: config.remotesManifest, required: true };
  return { file: path.join(config.remotesDir, 'remotes.json'), required: false };
}

function parseManifestFile(text: string): RemoteManifest {
  return RemoteManifest.parse(JSON.parse(text));
}

/**
 * The manifest file is read on each request, so a deploy (which renames a new file over it) or
 * pointing a remote elsewhere needs no restart. Until the first deploy writes one, the built-in
 * manifest names the copies built with the app.
 */
export async function readManifest(config: Config): Promise<RemoteManifest> {
  const { file, required } = manifestFile(config);
  try {
    return parseManifestFile(await fs.promises.readFile(file, 'utf8'));
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return defaultManifest(config);
    throw error;
  }
}

/**
 * How often the manifest file is looked at for the CSP. A `stat` on every response was ~8 % of a
 * read's CPU (bench/README.md, "Capacity of the reads"); a deploy's new origins are in the CSP
 * within this bound instead of at once.
 */
export const MANIFEST_RECHECK_MS = 1_000;

/**
 * Origins of remote entries given as absolute URLs: the CSP must allow scripts from them. Asked on
 * every response, so the file is looked at once per MANIFEST_RECHECK_MS and parsed again only
 * when a deploy has replaced it.
 */
export function manifestOrigins(config: Config, recheckMs = MANIFEST_RECHECK_MS): () => string[] {
  const { file } = manifestFile(config);
  let seen = '';
  let origins: string[] = [];
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (now - checkedAt < recheckMs) return origins;
    checkedAt = now;
    let stamp = 'none';
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No file: the built-in manifest, whose entries are all on this origin.
    }
    if (stamp !== seen) {
      seen = stamp;
      try {
        origins = stamp === 'none' ? [] : manifestEntryOrigins(parseManifestFile(fs.readFileSync(file, 'utf8')));
      } catch {
        origins = [];
      }
    }
    return origins;
  };
}

type HeaderTarget = FastifyReply | { setHeader(name: string, value: string): void; removeHeader(name: string): void };

function setHeader(reply: HeaderTarget, name: string, value: string) {
  if ('header' in reply) reply.header(name, value);
  else reply.setHeader(name, value);
}

/**
 * `versions` is the folder of deployed versions: every file under it sits in a folder named by its
 * content hash, so even its remoteEntry.js never changes. `remote` files are public code another
 * origin's host may load: any origin may read them.
 */
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

function fileHeaders(root: string, versions: string | null) {
  const caching = cacheHeaders(root, versions);
  return (reply: HeaderTarget, filePath: string) => {
    caching(reply, filePath);
    // Pages and the offline worker keep them: the worker script's CSP is the worker's own.
    const name = path.basename(filePath.replace(/\.(br|gz)$/, ''));
    if (/\.html?$/.test(name) || name === 'sw.js') return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  };
}

function cacheHeaders(root: string, versions: string | null) {
  return (reply: HeaderTarget, filePath: string) => {
    const file = filePath.replace(/\.(br|gz)$/, '');
    if (versions !== null) {
      setHeader(reply, 'access-control-allow-origin', '*');
      setHeader(reply, 'cross-origin-resource-policy', 'cross-origin');
      if (!path.relative(versions, file).startsWith('..')) return setHeader(reply, 'cache-control', IMMUTABLE);
    }
    const relative = path.relative(root, file).split(path.sep);
    const name = relative[relative.length - 1] ?? '';
    // Build tools put content-hashed files under static/; everything else keeps its name.
    setHeader(reply, 'cache-control', relative[0] === 'static' && !ENTRY_FILES.has(name) ? IMMUTABLE : NO_CACHE);
  };
}

/**
 * API path prefixes: a miss under these is an API 404, never the SPA shell. The operator console
 * lives at /admin/ with its screens after `#`, so everything else under /admin/ is its API.
 */
const API_PREFIXES = ['/app/', '/public/', '/api/', '/admin/', '/test/', '/webhooks/'];

export function isSpaRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname.startsWith('/remotes/')) return false;
  // A last segment with an extension asks for a file that does not exist.
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Serves the built shell at `/` and each remote at `/remotes/<name>/`: its built-in copy, and the
 * versions deployed to `<remotesDir>/<name>/` (a folder made here, so a deploy after start-up needs
 * no restart). Precompressed `.br` / `.gz` files go to clients that accept them. A missing build
 * folder is skipped: the API still runs. Returns whether the shell's index.html exists, for the
 * SPA fallback.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<{ indexHtml: string | null }> {
  const roots: { dirs: string[]; prefix: string; versions: string | null }[] = [];
  if (fs.existsSync(config.staticRoots.host)) roots.push({ dirs: [config.staticRoots.host], prefix: '/', versions: null });
  for (const remote of config.staticRoots.remotes) {
    const versions = path.join(config.remotesDir, remote.name);
    fs.mkdirSync(versions, { recursive: true });
    // The built-in copy first: its names (remoteEntry.js, static/) never look like a version folder.
    roots.push({ dirs: [...(fs.existsSync(remote.dir) ? [remote.dir] : []), versions], prefix: `/remotes/${remote.name}/`, versions });
  }
  let decorated = false;
  for (const root of roots) {
    await app.register(fastifyStatic, {
      root: root.dirs.length === 1 ? root.dirs[0]! : root.dirs,
      prefix: root.prefix,
      decorateReply: !decorated,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: fileHeaders(root.dirs[0]!, root.versions) as never,
    });
    decorated = true;
  }
  await registerAdminConsole(app, config);
  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return readManifest(config);
  });
  const indexHtml = path.join(config.staticRoots.host, 'index.html');
  return { indexHtml: fs.existsSync(indexHtml) ? indexHtml : null };
}
