import { Link, PATHS, useT } from '@grab/shared';
import { TASKS_NS } from '../../locales/tasks.locales';
import styles from './task-hall.module.css';

/**
 * The way into the lucky draw from Home. Only a link: the draw and its canvas library download when
 * it is opened, never with the hall.
 */
export function LuckyDrawCard() {
  const { t } = useT(TASKS_NS);
  return (
    <Link to={PATHS.luckyDraw} className={`g-card ${styles.drawCard}`} data-testid="lucky-draw-card">
      <span className={styles.drawIcon} aria-hidden="true">
        ★
      </span>
      <span className={styles.drawText}>
        <strong>{t('luckyDraw.title')}</strong>
        <span>{t('luckyDraw.text')}</span>
      </span>
    </Link>
  );
}
