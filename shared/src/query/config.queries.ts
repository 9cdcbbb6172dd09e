import { queryOptions } from '@tanstack/react-query';
import { currencyList } from '../contracts/config.contracts';
import { fetchEndpoint } from './query-client';

/** `GET /app/currency/list`: operator-set rates, which change rarely: asked once per page. */
export const currencyListQuery = () => queryOptions({ queryKey: ['config', 'currencies'] as const, queryFn: () => fetchEndpoint(currencyList), staleTime: Number.POSITIVE_INFINITY });
