import { queryOptions } from '@tanstack/react-query';
import { shareInfo } from '../contracts/team.contracts';
import { fetchEndpoint } from './query-client';

/** How long the team figures count as fresh: the host's early request is then taken by the page. */
export const SHARE_INFO_FRESH_MS = 10_000;

/** `POST /app/user/shareInfo`: invitation code, share link and team figures. */
export const shareInfoQuery = () => queryOptions({ queryKey: ['team', 'shareInfo'] as const, queryFn: () => fetchEndpoint(shareInfo), staleTime: SHARE_INFO_FRESH_MS });
