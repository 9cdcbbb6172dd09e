import { useT } from '@grab/shared';
import type { WithdrawStatus } from '@grab/shared/contracts';
import { WALLET_NS } from '../../locales/wallet.locales';
import styles from './status-badge.module.css';

/** "In progress", "Success" or "Failed", coloured by the state. */
export function StatusBadge({ status }: { status: WithdrawStatus }) {
  const { t } = useT(WALLET_NS);
  return <span className={`${styles.badge} ${styles[status]}`}>{t(`orders.status.${status}`)}</span>;
}
