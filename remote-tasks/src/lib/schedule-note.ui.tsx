import { languageByKey, type Task, useT } from '@grab/shared';
import { TASKS_NS } from '../locales/tasks.locales';
import styles from './schedule-note.module.css';
import { durationLeft, localResetTime } from './schedule.lib';

/**
 * "One-time", "Recurring" or "Timed", as a badge; timed tasks stand out. Redemption codes are one
 * form for every code the earner gets, so they say so instead of "One-time".
 */
export function ScheduleBadge({ schedule, kind }: { schedule: Task['schedule']; kind?: Task['kind'] }) {
  const { t } = useT(TASKS_NS);
  return (
    <span className={styles.badge} data-schedule={schedule}>
      {kind === 'redeemCode' ? t('schedule.everyCode') : t(`schedule.${schedule}`)}
    </span>
  );
}

/** "Resets at 5:30 AM" or "30 days left": the time side of a task, as the server counted it. */
export function ScheduleNote({ task }: { task: Pick<Task, 'schedule' | 'resetTime' | 'hoursLeft'> }) {
  const { t, language } = useT(TASKS_NS);
  if (task.schedule === 'recurring' && task.resetTime) {
    return <span>{t('resetsAt', { time: localResetTime(task.resetTime, languageByKey(language).tag, Date.now()) })}</span>;
  }
  if (task.schedule === 'timed' && task.hoursLeft !== null) {
    return <span>{task.hoursLeft > 0 ? t('timeLeft', { time: durationLeft(task.hoursLeft, languageByKey(language).tag) }) : t('ended')}</span>;
  }
  return null;
}
