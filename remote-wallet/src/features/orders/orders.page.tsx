/// <reference types="@rsbuild/core/types" />
import { BackButton, LoadFailed, LoadingBlocks, PATHS, usePointsText, useQuery, useSearchParams, useT } from '@grab/shared';
import { WITHDRAW_STATUSES, type WithdrawOrder, WithdrawStatus } from '@grab/shared/contracts';
import { useState } from 'react';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { formatMinor, formatWhen } from '../pay/money';
import { OrderDestination } from '../pay/order-destination';
import { hasMore, pageNumbers, ORDERS_PAGE_SIZE, ordersQuery } from '../pay/pay.queries';
import { StatusBadge } from '../pay/status-badge';
import { Tabs } from '../pay/tabs';
import styles from './orders.module.css';

registerWalletLocales();

function OrderItem({ order }: { order: WithdrawOrder }) {
  const { t, language } = useT(WALLET_NS);
  const { t: common } = useT();
  const points = usePointsText();
  const reason = order.failureReason ? (order.failureReason.startsWith('payouts.') ? common(order.failureReason) : order.failureReason) : null;
  return (
    <li className={`g-card ${styles.order}`} data-testid="order" data-status={order.status}>
      <div className={styles.top}>
        <p className={styles.amount} dir="ltr">
          {formatMinor(order.amount, order.currency, order.fractionDigits, language)}
        </p>
        <StatusBadge status={order.status} />
      </div>
      <p className={styles.line}>
        <OrderDestination order={order} />
      </p>
      <p className={styles.line}>{t('orders.points', { points: points(order.points), fee: points(order.fee), total: points(order.total) })}</p>
      <p className={styles.muted}>{t('orders.requested', { time: formatWhen(order.requestedAt, language) })}</p>
      {order.decidedAt ? <p className={styles.muted}>{t('orders.decided', { time: formatWhen(order.decidedAt, language) })}</p> : null}
      {order.awaitingApproval ? <p className={styles.muted}>{t('orders.awaitingApproval')}</p> : null}
      {reason ? (
        <p className={styles.reason} data-testid="failure-reason">
          {t('orders.reason', { reason })}
        </p>
      ) : null}
      {order.status === 'failed' ? <p className={styles.muted}>{t('orders.refunded', { points: points(order.total) })}</p> : null}
    </li>
  );
}

/** One page of one tab; the last page offers the next, and an empty "in progress" the paid ones. */
function OrdersChunk({ status, page, last, onMore, onSeePaid }: { status: WithdrawStatus; page: number; last: boolean; onMore: () => void; onSeePaid: () => void }) {
  const { t } = useT(WALLET_NS);
  const { data, isError, refetch } = useQuery(ordersQuery(status, page));
  if (isError) return <LoadFailed message={t('orders.error')} onRetry={() => void refetch()} />;
  if (!data) return <LoadingBlocks blockSize="7rem" />;
  if (page === 1 && data.items.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{t(`orders.empty.${status}`)}</p>
        {status === 'in_progress' ? (
          <button type="button" className="g-button g-button--secondary" onClick={onSeePaid}>
            {t('orders.seePaid')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {data.items.map((order) => (
          <OrderItem key={order.id} order={order} />
        ))}
      </ul>
      {last && hasMore(page, ORDERS_PAGE_SIZE, data.total) ? (
        <button type="button" className="g-button g-button--secondary" onClick={onMore}>
          {t('loadMore')}
        </button>
      ) : null}
    </>
  );
}

/** /withdrawalOrders: the earner's withdrawals by status, newest first (remote_wallet/WithdrawalOrdersPage). */
export default function WithdrawalOrdersPage() {
  const { t, ready } = useT(WALLET_NS);
  // A link may open a tab (the balance card's last withdrawal opens its own); in progress otherwise.
  const [search] = useSearchParams();
  const [status, setStatus] = useState<WithdrawStatus>(() => WithdrawStatus.safeParse(search.get('status')).data ?? 'in_progress');
  const [pages, setPages] = useState(1);
  return (
    <div className="g-page">
      <BackButton fallback={PATHS.user} />
      <h1 className={styles.title}>{ready ? t('orders.title') : ''}</h1>
      {ready ? (
        <>
          <Tabs
            label={t('orders.title')}
            options={WITHDRAW_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPages(1);
            }}
          />
          {pageNumbers(pages).map((page) => (
            <OrdersChunk
              key={`${status}-${page}`}
              status={status}
              page={page}
              last={page === pages}
              onMore={() => setPages(pages + 1)}
              onSeePaid={() => {
                setStatus('success');
                setPages(1);
              }}
            />
          ))}
        </>
      ) : (
        <LoadingBlocks blockSize="7rem" />
      )}
    </div>
  );
}
