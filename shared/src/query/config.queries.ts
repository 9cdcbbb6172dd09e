import { queryOptions } from '@tanstack/react-query';
import { currencyList } from '../contracts/config.contracts';
import type { CallOptions } from '../api/api-client';
import { fetchEndpoint } from './query-client';

/** `GET /app/currency/list`: operator-set rates, which change rarely: asked once per page. */
export const currencyListQuery = (call?: CallOptions) =>
  queryOptions({ queryKey: ['config', 'currencies'] as const, queryFn: () => fetchEndpoint(currencyList, undefined, call), staleTime: Number.POSITIVE_INFINITY });
