import { languageByKey, type Task, useT } from '@grab/shared';
import { TASKS_NS } from '../locales/tasks.locales';
import styles from './schedule-note.module.css';
import { localResetTime } from './schedule.lib';

/** "One-time", "Recurring" or "Timed", as a badge; timed tasks stand out. */
export function ScheduleBadge({ schedule }: { schedule: Task['schedule'] }) {
  const { t } = useT(TASKS_NS);
  return (
    <span className={styles.badge} data-schedule={schedule}>
      {t(`schedule.${schedule}`)}
    </span>
  );
}

/** "Resets at 5:30 AM" or "6 h left": the time side of a task, as the server counted it. */
export function ScheduleNote({ task }: { task: Pick<Task, 'schedule' | 'resetTime' | 'hoursLeft'> }) {
  const { t, language } = useT(TASKS_NS);
  if (task.schedule === 'recurring' && task.resetTime) {
    return <span>{t('resetsAt', { time: localResetTime(task.resetTime, languageByKey(language).tag, Date.now()) })}</span>;
  }
  if (task.schedule === 'timed' && task.hoursLeft !== null) {
    return <span>{task.hoursLeft > 0 ? t('hoursLeft', { hours: task.hoursLeft }) : t('ended')}</span>;
  }
  return null;
}
