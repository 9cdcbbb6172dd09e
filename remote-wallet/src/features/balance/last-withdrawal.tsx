import { Link, PATHS, useQuery, useT } from '@grab/shared';
import { WALLET_NS } from '../../locales/wallet.locales';
import { formatMinor, formatWhen } from '../pay/money';
import { OrderDestination } from '../pay/order-destination';
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
  if (!order) return null;
  const when = order.decidedAt ? t('orders.decided', { time: formatWhen(order.decidedAt, language) }) : t('orders.requested', { time: formatWhen(order.requestedAt, language) });
  return (
    <Link to={`${PATHS.withdrawalOrders}?status=${order.status}`} className={styles.last} data-testid="last-withdrawal" data-status={order.status}>
      <span className={styles.lastTop}>
        <span className={styles.lastTitle}>{t('lastWithdrawal')}</span>
        <StatusBadge status={order.status} />
      </span>
      <span className={styles.lastLine}>
        <strong dir="ltr">{formatMinor(order.amount, order.currency, order.fractionDigits, language)}</strong> <OrderDestination order={order} />
      </span>
      <span className={styles.lastWhen}>{when}</span>
    </Link>
  );
}
