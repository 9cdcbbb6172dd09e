import { z } from 'zod/mini';
import { REMOTE_NAMES } from '../remotes/remote-modules';

/**
 * `/remotes.json`: where each remote's entry lives, read at run time so that a squad ships a remote
 * by uploading its build and pointing this file at it, without rebuilding the host. The server
 * checks a manifest file with this schema before serving it, and the host checks what it fetched
 * with the same one.
 */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

const ENTRY_FILE = /\/(remoteEntry\.js|mf-manifest\.json)$/;

/**
 * An entry is a path on this site (`/remotes/tasks/remoteEntry.js`) or an http(s) URL on another
 * origin (a CDN), naming a remote entry or MF manifest file. A path that a browser would read as
 * another host (`//x`, `/\x`) or any other scheme (`javascript:`, `data:`) is refused.
 */
export function isRemoteEntry(entry: string): boolean {
  if (entry.length > 2048 || /[\s\\]/.test(entry)) return false;
  if (entry.startsWith('/')) {
    if (entry.startsWith('//')) return false;
    return ENTRY_FILE.test(new URL(entry, 'http://site.invalid').pathname);
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && ENTRY_FILE.test(url.pathname);
}

export const RemoteEntry = z.object({
  name: z.enum(REMOTE_NAMES as [string, ...string[]]),
  entry: z.string().check(z.refine(isRemoteEntry, 'must be a path on this site or an http(s) URL ending in /remoteEntry.js or /mf-manifest.json')),
});
export type RemoteEntry = z.infer<typeof RemoteEntry>;

export const RemoteManifest = z.object({ remotes: z.array(RemoteEntry) }).check(
  z.refine((m) => new Set(m.remotes.map((r) => r.name)).size === m.remotes.length, 'lists a remote twice'),
);
export type RemoteManifest = z.infer<typeof RemoteManifest>;

/** Origins of entries on other sites: the page's CSP must allow scripts from them. */
export function manifestEntryOrigins(manifest: RemoteManifest): string[] {
  return [...new Set(manifest.remotes.filter((r) => !r.entry.startsWith('/')).map((r) => new URL(r.entry).origin))];
}

/** Where a remote's built-in copy is served: the manifest used until a squad deploys one. */
export function builtInManifest(remotes: readonly { name: string; mfName: string }[]): RemoteManifest {
  return { remotes: remotes.map((r) => ({ name: r.mfName, entry: `/remotes/${r.name}/remoteEntry.js` })) };
}
