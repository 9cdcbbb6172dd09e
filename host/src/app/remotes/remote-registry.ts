import type { ExposedModule, RemoteName } from '@grab/shared/remotes';
import type { ComponentType } from 'react';
import { applyOverride, fetchManifest, type RemoteEntry, type RemoteManifest } from './remote-manifest';

/** The two Module Federation runtime calls the host needs; tests pass fakes. */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null | undefined>;
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

export interface RemoteRegistry {
  /**
   * Loads `<remote>/<expose>`'s default export; `fresh` drops what a failed attempt left cached.
   * Both names are typed by the list of remote modules in @grab/shared, never free strings.
   */
  load<R extends RemoteName>(remote: R, expose: ExposedModule<R>, fresh?: boolean): Promise<ComponentType>;
}

interface RegistryDeps {
  runtime: FederationRuntime;
  getManifest?: () => Promise<RemoteManifest>;
  /** The development override (`localStorage['grab:remotes']`), or null. */
  getOverride?: () => string | null;
  /** Whether a preload hint for a file of the remote whose entry is this URL failed (see below). */
  hintFailed?: (entryUrl: string) => boolean;
}

/**
 * Registers the remotes of the run-time manifest once, on first use: registering fetches nothing,
 * and the first `loadRemote` happens after the host's share scope exists, so remotes borrow the
 * host's singletons instead of bringing their own.
 */
export function createRemoteRegistry({ runtime, getManifest = fetchManifest, getOverride = () => null, hintFailed = () => false }: RegistryDeps): RemoteRegistry {
  let registered: Promise<Map<string, RemoteEntry>> | null = null;

  function ensureRegistered(): Promise<Map<string, RemoteEntry>> {
    if (!registered) {
      registered = getManifest().then((manifest) => {
        const remotes = applyOverride(manifest, getOverride()).remotes;
        runtime.registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
        return new Map(remotes.map((remote) => [remote.name, remote]));
      });
      // A manifest that failed (offline, bad deploy) is fetched again on the next attempt.
      registered.catch(() => {
        registered = null;
      });
    }
    return registered;
  }

  return {
    async load(remote, expose, fresh = false) {
      const remotes = await ensureRegistered();
      let entry = remotes.get(remote);
      if (fresh) {
        // A retry reads the manifest again, so a fix or a rollback shipped since the page opened
        // is taken without a reload. Only the retried remote moves: the others keep the version
        // this page started with, whose hashed chunks stay on the server.
        const latest = applyOverride(await getManifest(), getOverride()).remotes.find((r) => r.name === remote);
        if (latest) {
          remotes.set(remote, latest);
          entry = latest;
        }
      }
      if (!entry) throw new RemoteLoadError(`${remote} is not in the remote manifest`);
      // Re-registering with `force` clears the remote's cached container and modules, so a
      // retry really downloads remoteEntry.js again instead of replaying the failure.
      if (fresh) runtime.registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
      let module: { default?: unknown } | null | undefined;
      try {
        module = await runtime.loadRemote<{ default?: unknown }>(`${remote}/${expose}`);
      } catch (error) {
        // index.html hints the first screen's chunks. When such a hint failed (offline at first
        // load), Chromium answers the first script that asks for the same file with that stored
        // failure, without asking the network; the second one goes out. So a retry whose remote
        // had a failed hint asks once more before it reports the section as down.
        if (!fresh || !hintFailed(entry.entry)) throw new RemoteLoadError(`${remote}/${expose} could not be loaded`, { cause: error });
        runtime.registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
        try {
          module = await runtime.loadRemote<{ default?: unknown }>(`${remote}/${expose}`);
        } catch (again) {
          throw new RemoteLoadError(`${remote}/${expose} could not be loaded`, { cause: again });
        }
      }
      const component = module?.default;
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new RemoteLoadError(`${remote}/${expose} has no default component`);
      }
      return component as ComponentType;
    },
  };
}
