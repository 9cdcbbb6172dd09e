import { useT } from '@grab/shared';
import { useSyncExternalStore } from 'react';
import styles from './offline-notice.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** A clear notice while the phone has no connection; API calls fail visibly meanwhile. */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const { t } = useT('host');
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      {t('offline.notice')}
    </p>
  );
}
