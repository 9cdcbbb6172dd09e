/** The IndexedDB database of offline snapshots (offline-snapshot.ts); named here so that log-out can drop it without the query cache. */
export const OFFLINE_DB = 'grab-offline';

/** Deletes every earner's offline snapshot: on log-out, a session that ends, and a new log-in. */
export function dropOfflineSnapshots(): void {
  try {
    indexedDB.deleteDatabase(OFFLINE_DB);
  } catch {
    // No IndexedDB here (old WebView, blocked storage): nothing was kept.
  }
}
