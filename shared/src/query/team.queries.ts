import { queryOptions } from '@tanstack/react-query';
import { shareInfo } from '../contracts/team.contracts';
import type { CallOptions } from '../api/api-client';
import { fetchEndpoint } from './query-client';

/** How long the team figures count as fresh: the host's early request is then taken by the page. */
export const SHARE_INFO_FRESH_MS = 10_000;

/** `POST /app/user/shareInfo`: invitation code, share link and team figures. */
export const shareInfoQuery = (call?: CallOptions) =>
  queryOptions({ queryKey: ['team', 'shareInfo'] as const, queryFn: () => fetchEndpoint(shareInfo, undefined, call), staleTime: SHARE_INFO_FRESH_MS });
