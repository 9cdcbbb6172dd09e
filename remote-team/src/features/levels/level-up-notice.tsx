import { useQuery, useT } from '@grab/shared';
import { useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import { levelInfoQuery, markLevelSeen } from './levels.queries';
import styles from './levels.module.css';

/** "You reached LV n", once: shown until the earner dismisses it, then never again for that level. */
export function LevelUpNotice() {
  const { t } = useT(TEAM_NS);
  const titleId = useId();
  const { data } = useQuery(levelInfoQuery());
  const level = data?.unseenLevelUp;
  if (!level) return null;
  return (
    <section className={styles.notice} role="status" aria-labelledby={titleId}>
      <span className={styles.noticeBadge} aria-hidden="true">
        {t('levelValue', { level })}
      </span>
      <div className={styles.noticeText}>
        <h2 id={titleId} className={styles.noticeTitle}>
          {t('levels.reached', { level })}
        </h2>
        <p>{t('levels.reachedBody')}</p>
      </div>
      <button type="button" className={styles.noticeButton} onClick={() => void markLevelSeen(level)}>
        {t('levels.dismiss')}
      </button>
    </section>
  );
}
