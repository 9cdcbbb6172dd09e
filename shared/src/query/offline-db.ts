/** The IndexedDB database of offline snapshots (offline-snapshot.ts); named here so that dropping it costs the first load nothing. */
export const OFFLINE_DB = 'grab-offline';

/** Deletes every earner's offline snapshot: on log-out, a session that ends, and a new log-in. */
export function dropOfflineSnapshots(): void {
  try {
    indexedDB.deleteDatabase(OFFLINE_DB);
  } catch {
    // No IndexedDB here (old WebView, blocked storage): nothing was kept.
  }
}

/**
 * Keeps the earner's Home figures on the phone and restores them offline (offline-snapshot.ts).
 * A lazy chunk started with the app; the offline worker keeps the file for later offline starts.
 */
export function keepOfflineSnapshots(): void {
  import('./offline-snapshot').then(
    (m) => m.keepOfflineSnapshots(),
    () => undefined,
  );
}
