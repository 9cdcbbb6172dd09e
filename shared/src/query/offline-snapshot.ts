import type { Query, QueryKey } from '@tanstack/react-query';
import { store, userInfoAtom } from '../store/store.atoms';
import { OFFLINE_DB } from './offline-db';
import { queryClient } from './query-client';

/**
 * The last task list and figures of the earner on this phone, kept in IndexedDB so that Home opens
 * read-only without a connection (the offline worker never caches API answers). One record per
 * earner id: a snapshot is only ever read back for the earner who is logged in, and logging out,
 * a session that ends, or another earner logging in deletes every record (`dropOfflineSnapshots`).
 */
const STORE = 'snapshots';
/** Saving waits for a burst of answers (Home asks for several at once) to settle. */
const SAVE_DELAY_MS = 500;

/** What Home shows: the task lists, the balance, level and currencies. Nothing else leaves memory. */
function kept(queryKey: readonly unknown[]): boolean {
  const [scope, kind] = queryKey;
  return (scope === 'tasks' && kind === 'list') || scope === 'user' || (scope === 'config' && kind === 'currencies');
}

/** One kept answer, as the cache held it. */
interface SavedQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

interface Snapshot {
  userId: number;
  savedAt: number;
  queries: SavedQuery[];
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const opening = indexedDB.open(OFFLINE_DB, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'userId' });
  return request(opening);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await request(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

const currentUserId = () => store.get(userInfoAtom)?.id ?? null;

const idOf = (key: QueryKey) => JSON.stringify(key);

async function readSnapshot(userId: number): Promise<Snapshot | undefined> {
  const snapshot = (await withStore('readonly', (s) => s.get(userId))) as Snapshot | undefined;
  return snapshot?.userId === userId && Array.isArray(snapshot.queries) ? snapshot : undefined;
}

/**
 * Adds the cache's kept answers to this earner's snapshot. An answer stays kept when a later call
 * for it failed (offline, its refetch fails but the screen still shows it), and a page that never
 * asked for the task list (Account, a task page) must not drop the list saved by Home: the saved
 * answers are merged, the newer of two answers for one key wins.
 */
async function save(): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  // The cache's own records, not TanStack's dehydrate(): that import pulls the query observer into
  // the first load of every page (measured: +6 KB on /login).
  const current = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => kept(query.queryKey) && query.state.data !== undefined })
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  if (current.length === 0) return;
  const merged = new Map<string, SavedQuery>();
  for (const saved of (await readSnapshot(userId))?.queries ?? []) merged.set(idOf(saved.key), saved);
  let changed = false;
  for (const saved of current) {
    const before = merged.get(idOf(saved.key));
    if (before && before.updatedAt >= saved.updatedAt) continue;
    merged.set(idOf(saved.key), saved);
    changed = true;
  }
  // Restored answers coming back from the cache are nothing new: no write.
  if (!changed || currentUserId() !== userId) return;
  const snapshot: Snapshot = { userId, savedAt: Date.now(), queries: [...merged.values()] };
  await withStore('readwrite', (s) => s.put(snapshot));
}

/** The restore under way, and whether another was asked for meanwhile (it then runs again). */
let restoring: Promise<boolean> | null = null;
let askedAgain = false;

/**
 * Puts this earner's saved answers into the cache where it has none or only older ones. Safe to
 * repeat: each kept screen that fails without data asks again, whatever ran before it. Returns
 * whether anything was put back.
 */
export function restoreOfflineSnapshot(): Promise<boolean> {
  if (restoring) {
    askedAgain = true;
    return restoring;
  }
  restoring = (async () => {
    let restored = false;
    do {
      askedAgain = false;
      restored = (await restoreOnce()) || restored;
    } while (askedAgain);
    return restored;
  })().finally(() => {
    restoring = null;
  });
  return restoring;
}

async function restoreOnce(): Promise<boolean> {
  const userId = currentUserId();
  if (userId === null) return false;
  const snapshot = await readSnapshot(userId);
  if (!snapshot || currentUserId() !== userId) return false;
  let restored = false;
  for (const saved of snapshot.queries) {
    const current = queryClient.getQueryState(saved.key);
    // An answer the server gave since the snapshot is newer: it stays.
    if (!current || current.data === undefined || current.dataUpdatedAt < saved.updatedAt) {
      queryClient.setQueryData(saved.key, saved.data, { updatedAt: saved.updatedAt });
      restored = true;
    }
  }
  return restored;
}

function failedWithoutData(query: Query): boolean {
  return kept(query.queryKey) && query.state.status === 'error' && query.state.data === undefined;
}

/**
 * Saves the kept answers as they arrive, and restores them when the phone is offline at start, goes
 * offline, or a kept screen could not load. Storage that is blocked or full only means no offline copy.
 */
export function keepOfflineSnapshots(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restore = () => void restoreOfflineSnapshot().catch(() => undefined);
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !kept(event.query.queryKey)) return;
    if (event.action.type === 'success') saveSoon();
    else if (event.action.type === 'error' && failedWithoutData(event.query)) restore();
  });
  // Whatever was cached before this subscription (an early answer, a failed call) is read from the
  // cache, so neither restore nor save depends on which came first.
  const cached = queryClient.getQueryCache().getAll();
  if (!navigator.onLine || cached.some(failedWithoutData)) restore();
  if (cached.some((query) => kept(query.queryKey) && query.state.status === 'success')) saveSoon();
  window.addEventListener('offline', restore);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('offline', restore);
  };
}
