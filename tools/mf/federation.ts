/**
 * Module Federation options of every remote, so a remote's config only names what it exposes. The
 * host is a plain bundle that starts the federation runtime lazily and registers the same singletons
 * (host/src/app/remotes/federation-runtime.ts). Measured in notes/first-load-bytes.md: an MF-shared
 * module ships whole (MF cannot tree-shake it for consumers it does not know), so only what must be
 * ONE instance is shared.
 * react-router-dom, jotai, react-i18next, i18next, zod and ofetch are reached only through
 * `@grab/shared`, whose single instance carries the router context, store and i18n instance.
 */

import type { Exposes, RemoteName } from '../../shared/src/remotes/remote-modules';

// Structural copies of the plugin's option types: this folder sits outside every package, so it
// cannot resolve the bundler packages; each app's config passes the result to the real plugin.
interface SharedItem {
  singleton?: boolean;
  requiredVersion?: string | false;
  strictVersion?: boolean;
}

export interface FederationOptions {
  name: string;
  filename?: string;
  exposes?: Record<string, string>;
  remotes?: Record<string, string>;
  shared: Record<string, SharedItem>;
  shareStrategy?: 'version-first' | 'loaded-first';
  dts: boolean;
  manifest: boolean;
  experiments: {
    externalRuntime?: boolean;
    optimization?: { target?: 'web' | 'node'; disableSnapshot?: boolean; disableRemote?: boolean };
  };
}

/** Also the range the host registers its own React under (host/src/app/remotes/federation-runtime.ts). */
export const REACT_RANGE = '^19.0.0';

export const SHARED: Record<string, SharedItem> = {
  react: { singleton: true, requiredVersion: REACT_RANGE },
  'react/jsx-runtime': { singleton: true, requiredVersion: REACT_RANGE },
  'react/jsx-dev-runtime': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom/client': { singleton: true, requiredVersion: REACT_RANGE },
  // A workspace package: its "workspace:*" range is not semver, and host and remotes are always
  // built from the same tree, so any version is accepted as long as there is one.
  '@grab/shared': { singleton: true, requiredVersion: false },
};

/**
 * A remote's options. `exposes` is typed by the list of remote modules in @grab/shared: a module
 * missing here, or one the list does not know, fails the remote's typecheck.
 */
export function remoteFederation<R extends RemoteName>(name: R, exposes: Exposes<R>): FederationOptions {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: SHARED,
    shareStrategy: 'loaded-first',
    dts: false,
    // mf-manifest.json: the deploy's compatibility gate reads the shared versions the remote was
    // built with from it (tools/delivery/compatibility.ts), and the server reads each exposed
    // module's first chunks from it to hint them in index.html.
    manifest: true,
    experiments: {
      // The host's lazily loaded runtime chunk provides the runtime core on a global.
      externalRuntime: true,
      // A remote consumes no other remote, and the host registers it by its remoteEntry.js URL,
      // never by a manifest snapshot: the runtime code for both is left out of remoteEntry.js.
      optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
    },
  };
}

/**
 * A remote built on the host's runtime cannot open its own page, so the stand-alone dev server
 * bundles its own runtime: the same remoteEntry then runs alone and inside a host.
 */
export function standaloneFederation<T extends { experiments?: object }>(options: T): T {
  return { ...options, experiments: { ...options.experiments, externalRuntime: false } };
}
