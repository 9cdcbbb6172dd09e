import { languageByKey, useT } from '@grab/shared';
import { TASKS_NS } from '../locales/tasks.locales';
import { durationOfMinutes } from './schedule.lib';
import styles from './task-page.module.css';

/** "Reviews are decided within 2 days": the configured deadline, after which an undecided submission passes. */
export function ReviewTime({ minutes }: { minutes: number | null }) {
  const { t, language } = useT(TASKS_NS);
  if (!minutes) return null;
  return <p className={styles.reviewTime}>{t('audit.reviewTime', { time: durationOfMinutes(minutes, languageByKey(language).tag) })}</p>;
}
