import { balanceChanged, fetchEndpoint, queryClient } from '@grab/shared';
import { earningsLog, type EarningKind, institutionList, type PaymentMethod, userRecipient, type WithdrawLog, withdrawLog, withdrawOptions, type WithdrawStatus } from '@grab/shared/contracts';

/**
 * The wallet's server state, on the shared cache. Its calls live here, not in @grab/shared: only
 * the wallet pages use them, and what @grab/shared exports ships with every page's first load.
 * Lists are paged with one query per page (a "load more" adds the next page's query).
 */
export const payKeys = {
  all: ['pay'] as const,
  options: ['pay', 'options'] as const,
  recipient: ['pay', 'recipient'] as const,
  institutions: (method: PaymentMethod) => ['pay', 'institutions', method] as const,
  orders: (status: WithdrawStatus, page: number) => ['pay', 'orders', status, page] as const,
  // Under `user`: a credit or debit (balanceChanged) makes these stale with the balance.
  earnings: (kind: EarningKind | 'all', page: number) => ['user', 'earnings-log', kind, page] as const,
};

export const withdrawOptionsQuery = () => ({ queryKey: payKeys.options, queryFn: () => fetchEndpoint(withdrawOptions) });
export const recipientQuery = () => ({ queryKey: payKeys.recipient, queryFn: () => fetchEndpoint(userRecipient) });
// Institutions change only when an operator edits them.
export const institutionsQuery = (method: PaymentMethod) => ({
  queryKey: payKeys.institutions(method),
  queryFn: () => fetchEndpoint(institutionList, { method }),
  staleTime: 10 * 60_000,
});

export const ORDERS_PAGE_SIZE = 10;
/** While an order is on its way, its list asks again this often: a payout takes seconds to minutes. */
export const IN_PROGRESS_REFRESH_MS = 5_000;

export const ordersQuery = (status: WithdrawStatus, page: number) => ({
  queryKey: payKeys.orders(status, page),
  queryFn: () => fetchEndpoint(withdrawLog, { status, page, pageSize: ORDERS_PAGE_SIZE }),
  refetchInterval: status === 'in_progress' ? IN_PROGRESS_REFRESH_MS : (false as const),
});

const lastOrderKey = [...payKeys.all, 'last'] as const;

/**
 * The newest withdrawal, whatever its state. Asked again as often as an in-progress list while it
 * is on its way, so the balance card shows it paid or failed without a reload. Seen failing, its
 * points are back: the balance is read again too.
 */
export const lastOrderQuery = () => ({
  queryKey: lastOrderKey,
  queryFn: async () => {
    const before = queryClient.getQueryData<WithdrawLog>(lastOrderKey)?.items[0];
    const log = await fetchEndpoint(withdrawLog, { page: 1, pageSize: 1 });
    const now = log.items[0];
    if (before?.status === 'in_progress' && now?.id === before.id && now.status === 'failed') void balanceChanged();
    return log;
  },
  refetchInterval: (query: { state: { data?: WithdrawLog } }) => (query.state.data?.items[0]?.status === 'in_progress' ? IN_PROGRESS_REFRESH_MS : false),
});

export const EARNINGS_PAGE_SIZE = 20;

export const earningsLogQuery = (kind: EarningKind | 'all', page: number) => ({
  queryKey: payKeys.earnings(kind, page),
  queryFn: () => fetchEndpoint(earningsLog, { ...(kind === 'all' ? {} : { kind }), page, pageSize: EARNINGS_PAGE_SIZE }),
});

/** After a withdrawal: its orders, today's limits and the balance are all different now. */
export function withdrawalChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: payKeys.all });
}

/** Whether there is a page after `page` of a list of `total` items. */
export const hasMore = (page: number, pageSize: number, total: number) => page * pageSize < total;

/** Pages 1 to `count`: a list shows one query per page loaded so far. */
export const pageNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
