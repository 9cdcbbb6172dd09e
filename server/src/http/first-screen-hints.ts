import fs from 'node:fs';
import path from 'node:path';
import type { RemoteManifest } from '@grab/shared/contracts';
import type { LanguageKey } from '@grab/shared/contracts';
import { FIRST_SCREENS, HOST_CHUNKS_FILE, LOCALE_CHUNKS_FILE } from '@grab/shared/first-screens';
import type { Config } from '../config';

export interface PreloadHint {
  href: string;
  as: 'script' | 'style';
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch {
    // A build without the file (an older remote, a host built elsewhere) only loses its hints.
    return null;
  }
}

function hintFor(href: string): PreloadHint | null {
  if (href.endsWith('.js')) return { href, as: 'script' };
  if (href.endsWith('.css')) return { href, as: 'style' };
  return null;
}

/** Keeps the files that exist under `dir`: a hint to a missing file would cost a phone a 404. */
async function existing(dir: string, files: string[]): Promise<string[]> {
  const found = await Promise.all(
    files.map((file) => {
      const full = path.resolve(dir, file);
      if (!full.startsWith(dir + path.sep)) return false;
      return fs.promises.access(full).then(
        () => true,
        () => false,
      );
    }),
  );
  return files.filter((_file, i) => found[i]);
}

interface MfManifest {
  exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** The folder `base` (`/remotes/tasks/` or a deployed version's) is served from: the built copy or the deployed versions. */
async function localFolder(config: Config, base: string): Promise<string | null> {
  const remote = config.staticRoots.remotes.find((r) => base.startsWith(`/remotes/${r.name}/`));
  if (!remote) return null;
  const rest = base.slice(`/remotes/${remote.name}/`.length);
  for (const root of [remote.dir, path.join(config.remotesDir, remote.name)]) {
    const dir = path.resolve(root, rest);
    if ((dir === root || dir.startsWith(root + path.sep)) && (await existing(dir, ['remoteEntry.js'])).length > 0) return dir;
  }
  return null;
}

/**
 * The remote's entry, then the chunks its exposed module needs first, read from the mf-manifest.json
 * beside that entry. Only a remote this server serves itself can be read; one on another origin
 * gets its entry hinted alone.
 */
async function remoteHints(config: Config, manifest: RemoteManifest, remote: { name: string; expose: string }, language: LanguageKey): Promise<string[]> {
  const entry = manifest.remotes.find((r) => r.name === remote.name)?.entry;
  if (!entry?.endsWith('/remoteEntry.js')) return [];
  if (!entry.startsWith('/')) return [entry];
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const dir = await localFolder(config, base);
  if (!dir) return [];
  const mf = (await readJson(path.join(dir, 'mf-manifest.json'))) as MfManifest | null;
  const assets = mf?.exposes?.find((e) => e.name === remote.expose)?.assets;
  const files = await existing(dir, ['remoteEntry.js', ...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? []), ...(await localeFiles(dir, language))]);
  return files.map((file) => base + file);
}

/** The chunks of `language`'s texts that the build under `dir` listed; none for an older build. */
async function localeFiles(dir: string, language: LanguageKey): Promise<string[]> {
  const locales = (await readJson(path.join(dir, LOCALE_CHUNKS_FILE))) as Record<string, unknown> | null;
  const files = locales?.[language];
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}

/**
 * Preload hints for the first screen of `pathname` in `language`: the host's texts (no screen
 * renders before them), the host's lazy chunks it waits on, the remote's entry, its first chunks
 * and its texts. Without them the texts were asked for only once the code that needs them ran,
 * one round trip after another. Read on every request, like the manifest, so a remote that ships
 * is hinted on the next load without a restart.
 */
export async function firstScreenHints(config: Config, manifest: RemoteManifest, pathname: string, language: LanguageKey): Promise<PreloadHint[]> {
  const host = config.staticRoots.host;
  const hostTexts = await localeFiles(host, language);
  const screen = FIRST_SCREENS[pathname];
  const chunks = screen ? (((await readJson(path.join(host, HOST_CHUNKS_FILE))) ?? {}) as Record<string, string[] | undefined>) : {};
  const hostFiles = [...new Set([...hostTexts, ...(screen?.hostChunks ?? []).flatMap((name) => chunks[name] ?? [])])];
  const hrefs = [
    ...(await existing(host, hostFiles)).map((file) => `/${file}`),
    ...(screen?.remote ? await remoteHints(config, manifest, screen.remote, language) : []),
  ];
  return hrefs.map(hintFor).filter((hint): hint is PreloadHint => hint !== null);
}
