import { DEV_OVERRIDE_KEY, manifestSource } from './remote-manifest';
import { createRemoteRegistry, type FederationRuntime } from './remote-registry';

function devOverride(): string | null {
  // Only development builds honour the override: in production an entry point set in local
  // storage would be a way to run foreign code on every later visit.
  if (process.env.NODE_ENV === 'production') return null;
  try {
    return localStorage.getItem(DEV_OVERRIDE_KEY);
  } catch {
    return null;
  }
}

let runtimeChunk: Promise<FederationRuntime> | null = null;

/** Downloads the federation runtime once, on the first remote section (see federation-runtime.ts). */
function loadRuntime(): Promise<FederationRuntime> {
  if (!runtimeChunk) {
    runtimeChunk = import(/* webpackChunkName: "federation-runtime" */ './federation-runtime').then((m) => m.runtime);
    // A failed download (offline) is tried again by the section's Retry.
    runtimeChunk.catch(() => {
      runtimeChunk = null;
    });
  }
  return runtimeChunk;
}

/** Calls are queued in order until the runtime chunk has arrived. */
let pending: Promise<unknown> = Promise.resolve();
const lazyRuntime: FederationRuntime = {
  registerRemotes(remotes, options) {
    const step = pending.then(loadRuntime).then((runtime) => runtime.registerRemotes(remotes, options));
    // A failure surfaces through the loadRemote that follows; it must not go unhandled here.
    step.catch(() => undefined);
    pending = step;
  },
  loadRemote<T>(id: string) {
    const result = pending.then(loadRuntime).then((runtime) => runtime.loadRemote<T>(id));
    pending = result.catch(() => undefined);
    return result;
  },
};

const loadManifest = manifestSource();

/**
 * Whether one of index.html's preload hints for the remote at `entryUrl` failed: a failed download
 * leaves a resource timing entry that never got a response. (A file from another origin without
 * Timing-Allow-Origin looks the same; that costs one more attempt after a failure, nothing else.)
 */
function hintFailed(entryUrl: string): boolean {
  const base = new URL('.', new URL(entryUrl, window.location.href)).href;
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some((link) => {
    if (!link.href.startsWith(base)) return false;
    const timing = performance.getEntriesByName(link.href)[0] as PerformanceResourceTiming | undefined;
    return timing !== undefined && timing.responseStart === 0;
  });
}

export const remoteRegistry = createRemoteRegistry({
  runtime: lazyRuntime,
  // The manifest (embedded in index.html, else fetched) and the runtime chunk arrive side by side.
  getManifest: () => {
    loadRuntime().catch(() => undefined);
    return loadManifest();
  },
  getOverride: devOverride,
  hintFailed,
});
