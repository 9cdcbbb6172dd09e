// The one entry of @grab/shared. Host and remotes share it as a Module Federation singleton, so
// everything created here (store, i18n instance, API clients, toasts) exists once per page.
// Libraries the apps need (router, jotai hooks, TanStack Query's useQuery) are re-exported from here
// instead of being shared themselves: MF ships a shared module whole, while these re-exports are
// tree-shaken, and the single instance of this package carries the single instance of each.
import { apiDeps, client } from './api/app-client';
import { type AuthorizedImage, useAuthorizedImageWith } from './api/authorized-image';
import type { UploadOptions } from './api/upload-image';
import { type DefaultError, type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery as useQueryOn } from '@tanstack/react-query';
import { queryClient } from './query/query-client';

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
export { directionOf } from './i18n/direction';

export { callMain, callMessaging, LAST_COUNTRY_KEY, SESSION_ENDED_KEY } from './api/app-client';

// Server state: one keyed cache (TanStack Query) for host and remotes. The hooks are bound to the
// shared client, so no provider is needed and no app can read from a second cache by mistake.
export { queryClient, CallFailed, fetchEndpoint } from './query/query-client';
export { userKeys, userInfoQuery, assetInfoQuery, balanceChanged } from './query/user.queries';
export { taskKeys, taskListQuery, taskDetailQuery, taskTgUrlQuery, auditLogQuery, tasksChanged, TASK_LIST_FRESH_MS } from './query/task.queries';
export { currencyListQuery } from './query/config.queries';
export { levelKeys, levelInfoQuery } from './query/levels.queries';
export { shareInfoQuery, SHARE_INFO_FRESH_MS } from './query/team.queries';
// In modules of their own, not defined here: the host's entry imports them, and a function of this
// file would bring the whole file (and the API client and query hooks with it) into every first load.
export { keepOfflineSnapshots } from './query/offline-snapshot';
export { useOnline } from './ui/online';
/** `useQuery` of TanStack Query on the shared cache; pass a query options factory (`taskDetailQuery(id)`). */
export function useQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useQueryOn(options, queryClient);
}
export type { UseQueryResult } from '@tanstack/react-query';

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
export { NetworkError, Refused, REQUEST_TIMEOUT_MS, type CallOptions } from './api/api-client';
export { refusalFor } from './api/refusal';

export { store, tokenAtom, userInfoAtom, languageAtom, configAtom, keepFreshAccount, TOKEN_STORAGE_KEY, USER_INFO_STORAGE_KEY } from './store/store.atoms';
export { setSession, clearSession } from './store/session';
export { FIRST_REWARD_EVENT, hasCollectedReward, noteRewardCollected } from './store/milestones';
export { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
export { StoreProvider } from './store/store-provider.ui';

export { i18n, initI18n, changeLanguage, loadLanguage, registerLocales, useT, COMMON_NS, type Translate, type LocaleLoader } from './i18n/i18n';

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

export { toast, Toaster, TOAST_DURATION_MS, type ToastOptions, useToastLift } from './ui/toast.ui';
export { confirmDialog, DialogHost, type ConfirmOptions } from './ui/dialog.ui';
export { Z_INDEX_POPUP } from './ui/layers';
export { LoadFailed, LoadingBlocks } from './ui/load-states.ui';
export { PATHS, type RoutePath } from './routes/route-paths';
export { deviceId, keptKey, randomKey } from './device/device-id';
export { BackButton } from './ui/back-button.ui';
export { OnwardArrow } from './ui/onward-arrow.ui';
export { LineIcon, LockIcon } from './ui/line-icon.ui';
export { copyText } from './ui/copy-text';
export { CopyField, COPIED_MS } from './ui/copy-field.ui';
export { PointsAmount } from './ui/points-amount.ui';

export { currencyLabel, formatPoints, formatMoney, pointsToMoney } from './format/format';
export { usePhoneForReading } from './format/phone-for-reading';
export { dateTimeFormat, formatDateTime, numberFormat } from './format/intl';
export { institutionBesideMethod } from './format/recipient';
export { type PointsParts, usePointsParts, usePointsText } from './format/points-text';
export { useWorthCurrency } from './format/worth-currency';
