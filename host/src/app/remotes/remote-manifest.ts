import { RemoteManifest, REMOTES_MANIFEST_PATH } from '@grab/shared/contracts';
import { EMBEDDED_MANIFEST_ID } from '@grab/shared/first-screens';
import { embeddedJson } from '../embedded-data';

export type { RemoteEntry } from '@grab/shared/contracts';
export { RemoteManifest };

export const MANIFEST_URL = REMOTES_MANIFEST_PATH;
/** Development only: `{ "remote_tasks": "http://localhost:3001/remoteEntry.js" }` (see README). */
export const DEV_OVERRIDE_KEY = 'grab:remotes';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** Checks a parsed manifest; anything else becomes one readable error, never a crash later. */
export function parseManifest(body: unknown): RemoteManifest {
  const result = RemoteManifest.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ManifestError(`${MANIFEST_URL} is not a valid remote manifest (${issues.join('; ')})`);
  }
  return result.data;
}

export async function fetchManifest(fetcher: typeof fetch = fetch): Promise<RemoteManifest> {
  let response: Response;
  try {
    // The manifest changes whenever a remote ships: never take a cached copy.
    response = await fetcher(MANIFEST_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ManifestError(`${MANIFEST_URL} could not be fetched`, { cause: error });
  }
  if (!response.ok) throw new ManifestError(`${MANIFEST_URL} answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ManifestError(`${MANIFEST_URL} is not JSON`, { cause: error });
  }
  return parseManifest(body);
}

/** Entries from the developer's local override replace the deployed ones by name. */
export function applyOverride(manifest: RemoteManifest, overrideJson: string | null): RemoteManifest {
  if (!overrideJson) return manifest;
  let overrides: Record<string, unknown>;
  try {
    overrides = JSON.parse(overrideJson) as Record<string, unknown>;
  } catch {
    return manifest;
  }
  const remotes = manifest.remotes.map((remote) => {
    const entry = overrides[remote.name];
    return typeof entry === 'string' && entry ? { ...remote, entry } : remote;
  });
  for (const [name, entry] of Object.entries(overrides)) {
    if (typeof entry === 'string' && !remotes.some((r) => r.name === name)) remotes.push({ name, entry });
  }
  return { remotes };
}

/**
 * The manifest the server embedded in index.html (a JSON data element, never run), or null when
 * the page has none or it is unusable: the shell cached by the offline worker, a host served by a
 * plain static server, an edited page. The caller then fetches /remotes.json.
 */
export function readEmbeddedManifest(doc: Document = document): RemoteManifest | null {
  const value = embeddedJson(EMBEDDED_MANIFEST_ID, doc);
  if (value === undefined) return null;
  try {
    return parseManifest(value);
  } catch (error) {
    console.warn('The embedded remote manifest is unusable; fetching it instead', error);
    return null;
  }
}

/**
 * The manifest's source for the page: the embedded one first (it saves /home one round trip before
 * the remote's entry is asked for), then /remotes.json. The embedded copy is as old as the page, so
 * only the first ask takes it; a Retry asks the server, which knows a deploy or a rollback since.
 */
export function manifestSource(doc: Document = document, fetcher: typeof fetch = fetch): () => Promise<RemoteManifest> {
  let first = true;
  return () => {
    const embedded = first ? readEmbeddedManifest(doc) : null;
    first = false;
    return embedded ? Promise.resolve(embedded) : fetchManifest(fetcher);
  };
}
