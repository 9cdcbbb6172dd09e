// Stands in for the federation runtime core's SnapshotHandler in the host's bundle
// (rsbuild.config.ts swaps the module). The host registers every remote by the remoteEntry.js URL
// of the manifest embedded in index.html, never by an mf-manifest.json, and never preloads a
// remote through the runtime: the snapshot and manifest code is only ever constructed, not run.
// What the rest of the core touches stays: a plugin hook set with no hooks (no plugin here has
// snapshot hooks), the manifest cache that removing a remote clears, and the lookup a removed
// remote makes (there is no global snapshot, so it finds none).

export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}

export class SnapshotHandler {
  manifestCache = new Map();
  hooks = {
    lifecycle: {},
    lifecycleKeys: [],
    registerPlugins: {},
    applyPlugin(plugin) {
      this.registerPlugins[plugin.name] ??= plugin;
    },
    removePlugin(name) {
      delete this.registerPlugins[name];
    },
  };

  loadRemoteSnapshotInfo() {
    return Promise.reject(new Error('remote snapshots are not part of this build: register remotes by their remoteEntry.js URL (host/build/snapshot-handler.stub.js)'));
  }
}
