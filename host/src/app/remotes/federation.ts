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

export const remoteRegistry = createRemoteRegistry({
  runtime: lazyRuntime,
  // The manifest (embedded in index.html, else fetched) and the runtime chunk arrive side by side.
  getManifest: () => {
    loadRuntime().catch(() => undefined);
    return loadManifest();
  },
  getOverride: devOverride,
});
