import { useOnline, useT } from '@grab/shared';
import styles from './offline-notice.module.css';

/** A clear notice while the phone has no connection; API calls fail visibly meanwhile. */
export function OfflineNotice() {
  const online = useOnline();
  const { t } = useT('host');
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      {t('offline.notice')}
    </p>
  );
}
