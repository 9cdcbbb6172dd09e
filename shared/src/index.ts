// The one entry of @grab/shared. Host and remotes share it as a Module Federation singleton, so
// everything created here (store, i18n instance, API clients, toasts) exists once per page.
// Libraries the apps need (router, jotai hooks) are re-exported from here instead of being shared
// themselves: MF ships a shared module whole, while these re-exports are tree-shaken.
import { type ApiClientDeps, createApiClient } from './api/api-client';
import { type AuthorizedImage, useAuthorizedImageWith } from './api/authorized-image';
import type { UploadOptions } from './api/upload-image';
import { type CallState, useCallWith } from './api/use-call';
import type { DataOf, Endpoint, InputOf } from './contracts/envelope';
import { i18n } from './i18n/i18n';
import { languageByKey } from './i18n/languages';
import { languageAtom, store, tokenAtom, userInfoAtom } from './store/store.atoms';
import { toast } from './ui/toast.ui';

// The earner app's contracts. The reviewer calls (review.contracts) stay out: every export here
// ships in the host's first load, and earners never make those calls (the server and the operator
// console import them from `@grab/shared/contracts`).
export * from './contracts/envelope';
export * from './contracts/auth.contracts';
export * from './contracts/user.contracts';
export * from './contracts/config.contracts';
export * from './contracts/task.contracts';
export * from './contracts/team.contracts';
export * from './contracts/messaging.contracts';
export * from './contracts/sign';
export * from './i18n/languages';

const apiDeps: ApiClientDeps = {
  getToken: () => store.get(tokenAtom),
  getLanguageTag: () => languageByKey(store.get(languageAtom)).tag,
  getThirdParty: () => store.get(userInfoAtom),
  onUnauthorized: () => {
    // SPEC §4: clear everything and reload; the guard then shows the login page.
    localStorage.clear();
    location.reload();
  },
  notifyError: (message) => toast.danger(message),
  translate: (key) => i18n.t(key, { ns: 'common' }),
};
const client = createApiClient(apiDeps);

/** How long a call started early waits for the screen that needs it before it is dropped. */
export const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map<string, { at: number; promise: Promise<unknown> }>();
const callKey = (endpoint: Endpoint, input: unknown) => `${endpoint.method} ${endpoint.path} ${JSON.stringify(input ?? {})}`;

/**
 * Starts a main API call before the screen that needs it has loaded (e.g. the task list while the
 * tasks remote is still downloading): the first identical `callMain` within PREFETCH_TTL_MS gets
 * this answer instead of asking again, so the request leaves the first screen's critical path.
 */
export function prefetchMain<E extends Endpoint>(endpoint: E, input?: InputOf<E>): void {
  const promise = client.callMain(endpoint, input);
  // A failure was already told to the earner; the screen that takes this promise sees it too.
  promise.catch(() => undefined);
  prefetched.set(callKey(endpoint, input), { at: Date.now(), promise });
}

/** Main API call (SPEC §7); resolves `undefined` when the server said no (its message is toasted). */
export function callMain<E extends Endpoint>(endpoint: E, input?: InputOf<E>): Promise<DataOf<E> | undefined> {
  const key = callKey(endpoint, input);
  const early = prefetched.get(key);
  if (early) {
    prefetched.delete(key);
    if (Date.now() - early.at < PREFETCH_TTL_MS) return early.promise as Promise<DataOf<E> | undefined>;
  }
  return client.callMain(endpoint, input);
}
export const callMessaging = client.callMessaging;
const callers = { callMain, callMessaging };
/** Runs a call when the component mounts or its input changes: `{ data, error, loading, reload }`. */
export function useCall<E extends Endpoint>(endpoint: E, input?: InputOf<E>): CallState<DataOf<E>> {
  return useCallWith(callers, endpoint, input);
}
export { type CallState, CallFailed } from './api/use-call';

// Uploads and private pictures are used by the task pages only: their code is downloaded when first
// used, so the first load of every other screen carries just these wrappers.
/** `POST /app/upload/image` with progress, after shrinking a large photo; see api/upload-image.ts. */
export function uploadImage(file: Blob, options: UploadOptions = {}) {
  return import('./api/upload-image').then((m) => m.uploadImage(file, options, { ...apiDeps, settleMain: client.settleMain }));
}
const loadImage = (id: string) => import('./api/image-download').then((m) => m.fetchImageUrl(id, apiDeps));
/** An uploaded picture as a blob: URL (revoked on unmount); pictures need the bearer token. */
export function useAuthorizedImage(id: string | null): AuthorizedImage {
  return useAuthorizedImageWith(loadImage, id);
}
export type { AuthorizedImage, UploadOptions };
export { NetworkError, REQUEST_TIMEOUT_MS } from './api/api-client';

export {
  store,
  tokenAtom,
  userInfoAtom,
  languageAtom,
  configAtom,
  userBalanceAtom,
  currencyListAtom,
  taskListAtom,
  taskInfoAtom,
  childTaskInfoAtom,
  levelInfoAtom,
  tgwsGroupAtom,
  setSession,
  clearSession,
  TOKEN_STORAGE_KEY,
  USER_INFO_STORAGE_KEY,
} from './store/store.atoms';
export { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
export { StoreProvider } from './store/store-provider.ui';

export { i18n, initI18n, changeLanguage, registerLocales, useT, I18nProvider, COMMON_NS, type Translate, type LocaleLoader } from './i18n/i18n';

// Only what the apps use: this package is MF-shared, so every export ships whole on the first load
// (the data-router API alone costs ~17 KB gzip).
export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
} from 'react-router-dom';

export { toast, Toaster, TOAST_DURATION_MS, type ToastOptions } from './ui/toast.ui';
export { confirmDialog, DialogHost, type ConfirmOptions } from './ui/dialog.ui';
export { Z_INDEX_POPUP } from './ui/layers';
export { LoadFailed, LoadingBlocks } from './ui/load-states.ui';
export { PATHS, type RoutePath } from './routes/route-paths';
export { BackButton } from './ui/back-button.ui';
export { LineIcon } from './ui/line-icon.ui';
/** Copies text (Clipboard API, or a selection where it is missing); loaded when first used. */
export function copyText(text: string): Promise<boolean> {
  return import('./ui/clipboard').then((m) => m.copyText(text));
}

export { formatPoints, formatMoney, pointsToMoney } from './format/format';
export { usePointsText } from './format/points-text';
