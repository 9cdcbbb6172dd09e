import { languageByKey, useT } from '@grab/shared';
import { TASK_PAGES_NS, TASKS_NS } from '../locales/tasks.locales';
import { durationOfMinutes } from './schedule.lib';
import styles from './task-page.module.css';

/** "Reviews are decided within 2 days": the configured deadline, after which an undecided submission passes. */
export function ReviewTime({ minutes }: { minutes: number | null }) {
  const { language } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  if (!minutes) return null;
  return <p className={styles.reviewTime}>{pages('audit.reviewTime', { time: durationOfMinutes(minutes, languageByKey(language).tag) })}</p>;
}
