import { assetInfoQuery, currencyListQuery, levelInfoQuery, PATHS, queryClient, shareInfoQuery, store, TaskKind, taskListQuery, tokenAtom, userInfoAtom } from '@grab/shared';
import { FIRST_SCREENS, type HostChunk } from '@grab/shared/first-screens';
import { isPublicPath } from './guard/redirect';
import { pageLoaders } from './pages';
import { remoteRegistry } from './remotes/federation';

function quietly(promise: Promise<unknown>) {
  // A failed preload changes nothing: the page's own load shows the error and its retry.
  promise.catch(() => undefined);
}

/** The host's page chunks a first screen may wait on; the federation runtime comes with any remote load. */
const HOST_CHUNK_LOADERS: Record<HostChunk, (() => Promise<unknown>) | null> = {
  'login-page': pageLoaders.login,
  'register-page': pageLoaders.register,
  'account-page': pageLoaders.account,
  'federation-runtime': null,
};

/**
 * Starts downloading what the first screen needs while the texts load, instead of after the first
 * render: one network round trip less on slow mobile data. The list is the one the server hints in
 * index.html (@grab/shared/first-screens), so the two never disagree.
 */
export function preloadFirstScreen(pathname: string) {
  const signedIn = store.get(userInfoAtom) !== null && store.get(tokenAtom) !== null;
  if (!signedIn && !isPublicPath(pathname)) {
    quietly(pageLoaders.login());
    return;
  }
  const screen = FIRST_SCREENS[pathname];
  if (!screen) return;
  for (const chunk of screen.hostChunks) {
    const load = HOST_CHUNK_LOADERS[chunk];
    if (load) quietly(load());
  }
  if (screen.remote) quietly(remoteRegistry.load(screen.remote.name, screen.remote.expose));
}

/**
 * Starts the first API call of a remote page while the remote still downloads, so it leaves the
 * first screen's critical path (the task list is the largest thing /home paints). The answer goes
 * into the shared query cache, where the page finds it fresh (TASK_LIST_FRESH_MS). It starts before
 * the texts have loaded, so it is quiet: a failure leaves the query in error and the page, which
 * asks again when it mounts, toasts a translated message, never a raw key.
 */
export function prefetchFirstScreenData(pathname: string, search: string) {
  if (store.get(userInfoAtom) === null || store.get(tokenAtom) === null) return;
  switch (pathname) {
    case PATHS.root:
    case PATHS.home: {
      // The same key the hall asks for: every kind, or the one its `taskType` names.
      const kind = TaskKind.safeParse(new URLSearchParams(search).get('taskType'));
      void queryClient.prefetchQuery(taskListQuery(kind.success ? kind.data : undefined, { quiet: true }));
      // The progress card above the list: asked now, its figures arrive with the list instead of
      // after it, so the list is not pushed down once it has painted.
      void queryClient.prefetchQuery(assetInfoQuery({ quiet: true }));
      void queryClient.prefetchQuery(levelInfoQuery({ quiet: true }));
      void queryClient.prefetchQuery(currencyListQuery({ quiet: true }));
      break;
    }
    case PATHS.team:
      void queryClient.prefetchQuery(shareInfoQuery({ quiet: true }));
      break;
  }
}
