import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../contracts/user.contracts';
import { store, userInfoAtom } from '../store/store.atoms';
import { dropOfflineSnapshots, OFFLINE_DB } from './offline-db';
import { keepOfflineSnapshots, restoreOfflineSnapshot } from './offline-snapshot';
import { queryClient } from './query-client';

// IndexedDB here is an in-memory implementation of the same API; the offline e2e test
// (e2e/tests/offline.spec.ts) runs the same code on Chromium's own.

const EARNER: UserInfo = {
  id: 7,
  phone: '9876543210',
  country: 'IN',
  thirdUserId: '',
  thirdName: '',
  asset: 62000,
  level: 1,
  inviteCode: 'ABC123',
  currency: 'INR',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const TASKS = ['tasks', 'list', 'all'] as const;
const ASSET = ['user', 'asset'] as const;
const INFO = ['user', 'info'] as const;
const keys = (...list: (readonly unknown[])[]) => list.map((key) => JSON.stringify(key)).sort();

/** The query keys of the earner's snapshot as stored, or null when there is none. */
function storedKeys(userId: number): Promise<string[] | null> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OFFLINE_DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('snapshots', { keyPath: 'userId' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('snapshots').objectStore('snapshots').get(userId);
      get.onsuccess = () => {
        db.close();
        const snapshot = get.result as { queries: { key: unknown[] }[] } | undefined;
        resolve(snapshot ? snapshot.queries.map((q) => JSON.stringify(q.key)).sort() : null);
      };
      get.onerror = () => reject(get.error);
    };
  });
}

/** A call for `key` that fails the way an offline phone's does; the query keeps any data it had. */
async function failCall(key: readonly unknown[]) {
  await queryClient
    .fetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      staleTime: 0,
    })
    .catch(() => undefined);
}

let stop: (() => void) | undefined;

beforeEach(() => {
  store.set(userInfoAtom, EARNER);
  queryClient.clear();
});

afterEach(async () => {
  stop?.();
  stop = undefined;
  queryClient.clear();
  store.set(userInfoAtom, null);
  dropOfflineSnapshots();
  // Lets the deletion finish before the next test opens the database.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('offline snapshots', () => {
  it('keep an answer whose later call failed offline: the screen still shows it', async () => {
    queryClient.setQueryData(TASKS, [{ id: 1 }]);
    queryClient.setQueryData(ASSET, { balance: 62000 });
    stop = keepOfflineSnapshots();
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(ASSET, TASKS));

    // Offline, Home's refetch of the list fails (the list stays on screen), then another answer
    // lands in the cache and a save follows.
    await failCall(TASKS);
    expect(queryClient.getQueryState(TASKS)?.status).toBe('error');
    queryClient.setQueryData(INFO, EARNER);
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(ASSET, TASKS, INFO));
  });

  it('are merged: a page that never asked for the task list keeps the saved one', async () => {
    queryClient.setQueryData(TASKS, [{ id: 1 }]);
    stop = keepOfflineSnapshots();
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(TASKS));

    // A new page (Account) with only the earner's figures in its cache.
    stop();
    queryClient.clear();
    queryClient.setQueryData(ASSET, { balance: 1 });
    stop = keepOfflineSnapshots();
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(ASSET, TASKS));
  });

  it('come back for every screen that fails without data, not only the first', async () => {
    queryClient.setQueryData(TASKS, [{ id: 1 }]);
    stop = keepOfflineSnapshots();
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(TASKS));
    stop();
    queryClient.clear();

    // A page without Home's list: the restore puts the list back...
    expect(await restoreOfflineSnapshot()).toBe(true);
    // ...then the cache drops it (another screen, garbage collection) and Home's call fails.
    queryClient.removeQueries({ queryKey: TASKS });
    stop = keepOfflineSnapshots();
    await failCall(TASKS);
    await expect.poll(() => queryClient.getQueryData(TASKS)).toEqual([{ id: 1 }]);
  });

  it('are never read back for another earner', async () => {
    queryClient.setQueryData(TASKS, [{ id: 1 }]);
    stop = keepOfflineSnapshots();
    await expect.poll(() => storedKeys(EARNER.id)).toEqual(keys(TASKS));
    stop();
    queryClient.clear();
    store.set(userInfoAtom, { ...EARNER, id: 8 });
    expect(await restoreOfflineSnapshot()).toBe(false);
    expect(queryClient.getQueryData(TASKS)).toBeUndefined();
  });
});
