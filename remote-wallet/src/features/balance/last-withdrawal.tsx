import { balanceChanged, institutionBesideMethod, Link, PATHS, useQuery, useT } from '@grab/shared';
import type { WithdrawStatus } from '@grab/shared/contracts';
import { useEffect, useRef } from 'react';
import { WALLET_NS } from '../../locales/wallet.locales';
import { formatMinor, formatWhen } from '../pay/money';
import { lastOrderQuery } from '../pay/pay.queries';
import { StatusBadge } from '../pay/status-badge';
import styles from './balance-card.module.css';

/**
 * The newest withdrawal, where the earner reads the balance: on its way, paid or failed, and when,
 * as a way into its tab of the orders. Nothing shows before a first withdrawal, nor while it loads
 * or when it cannot be loaded: the balance above does not depend on it.
 */
export function LastWithdrawal() {
  const { t, language } = useT(WALLET_NS);
  const { data } = useQuery(lastOrderQuery());
  const order = data?.items[0];
  const seen = useRef<{ id: number; status: WithdrawStatus } | null>(null);

  useEffect(() => {
    if (!order) return;
    // Seen failing while the card was open: its points came back, so the balance is read again.
    const before = seen.current;
    if (before && before.id === order.id && before.status === 'in_progress' && order.status === 'failed') void balanceChanged();
    seen.current = { id: order.id, status: order.status };
  }, [order]);

  if (!order) return null;
  const method = t(`withdrawal.methods.${order.method}`);
  const to = [method, institutionBesideMethod(order.institutionName, [method, order.method])].filter(Boolean).join(' · ');
  const when = order.decidedAt ? t('orders.decided', { time: formatWhen(order.decidedAt, language) }) : t('orders.requested', { time: formatWhen(order.requestedAt, language) });
  return (
    <Link to={`${PATHS.withdrawalOrders}?status=${order.status}`} className={styles.last} data-testid="last-withdrawal" data-status={order.status}>
      <span className={styles.lastTop}>
        <span className={styles.lastTitle}>{t('lastWithdrawal')}</span>
        <StatusBadge status={order.status} />
      </span>
      <span className={styles.lastLine}>
        <strong dir="ltr">{formatMinor(order.amount, order.currency, order.fractionDigits, language)}</strong> {to}{' '}
        <bdi dir="ltr">{order.maskedAccount}</bdi>
      </span>
      <span className={styles.lastWhen}>{when}</span>
    </Link>
  );
}
