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

async function save(): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  // The cache's own records, not TanStack's dehydrate(): that import pulls the query observer into
  // the first load of every page (measured: +6 KB on /login).
  const queries = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => kept(query.queryKey) && query.state.status === 'success' })
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  if (queries.length === 0) return;
  const snapshot: Snapshot = { userId, savedAt: Date.now(), queries };
  await withStore('readwrite', (s) => s.put(snapshot));
}

/** Whose snapshot was put into the cache already: once a session is enough (its answers then live in memory). */
let restoredFor: number | null = null;

/** Puts this earner's saved figures into the cache; an answer newer than the snapshot is kept. */
export async function restoreOfflineSnapshot(): Promise<boolean> {
  const userId = currentUserId();
  if (userId === null || restoredFor === userId) return false;
  restoredFor = userId;
  const snapshot = (await withStore('readonly', (s) => s.get(userId))) as Snapshot | undefined;
  if (snapshot?.userId !== userId || currentUserId() !== userId || !Array.isArray(snapshot.queries)) return false;
  for (const saved of snapshot.queries) {
    const current = queryClient.getQueryState(saved.key);
    // An answer the server gave since the snapshot is newer: it stays.
    if (!current || current.dataUpdatedAt < saved.updatedAt) queryClient.setQueryData(saved.key, saved.data, { updatedAt: saved.updatedAt });
  }
  return true;
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
  const cached = queryClient.getQueryCache().getAll();
  if (!navigator.onLine || cached.some(failedWithoutData)) restore();
  // This starts after the page's load event; on a fast link Home's answers have all arrived by then
  // (the host asks for them with the first screen), and no later answer would trigger a save.
  else if (cached.some((query) => kept(query.queryKey) && query.state.status === 'success')) saveSoon();
  window.addEventListener('offline', restore);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('offline', restore);
  };
}
