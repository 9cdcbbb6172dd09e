/// <reference types="@rsbuild/core/types" />
import { directionOf, LoadFailed, LoadingBlocks, Link, languageByKey, PATHS, type Task, TaskKind, taskListQuery, useOnline, useQuery, useSearchParams, usePointsText, useT, LockIcon } from '@grab/shared';
import { useId } from 'react';
import { registerTasksLocales, TASKS_NS } from '../../locales/tasks.locales';
import styles from './task-hall.module.css';
import { ScheduleBadge, ScheduleNote } from '../../lib/schedule-note.ui';
import statusStyles from '../../lib/status.module.css';
import { timeAgo } from '../../lib/schedule.lib';
import { cardHref, showsProgress } from '../../lib/step-navigation.lib';
import { LuckyDrawCard } from './lucky-draw-card';
import { KindIcon } from './kind-icon';
import { ProgressSummary } from './progress-summary';
import { ShareCardActions, sharesOnCard } from './share-card-actions';
import { groupByStanding, standingOf } from './task-hall.lib';
import progressRow from '../../lib/progress-row.module.css';

registerTasksLocales();

/** The card's one link, worded by where the earner stands; every card opens the task's detail page. */
const ACTION_BY_STATUS: Record<Task['status'], 'start' | 'continue' | 'view' | 'retry' | 'collect'> = {
  notStarted: 'start',
  inProgress: 'continue',
  underReview: 'view',
  failed: 'retry',
  passed: 'collect',
  completed: 'view',
  closed: 'view',
};


/** Offline, Home shows what it last had, read-only: when that was, and why nothing can be started. */
function OfflineNote({ id, updatedAt }: { id: string; updatedAt: number }) {
  const { t, language } = useT(TASKS_NS);
  return (
    <p id={id} className={styles.offline} role="status" data-testid="offline-note">
      <strong>{t('offline.since', { time: timeAgo(updatedAt, Date.now(), languageByKey(language).tag) })}</strong>{' '}
      <span>{t('offline.readOnly')}</span>
    </p>
  );
}

/** `offlineNoteId`: the phone is offline; the card's action waits for a connection, and that note says so. */
function TaskCard({ task, offlineNoteId }: { task: Task; offlineNoteId: string | null }) {
  const { t } = useT(TASKS_NS);
  const points = usePointsText();
  const titleId = useId();
  const progressId = useId();
  const standing = standingOf(task);
  const action = standing === 'unavailable' ? 'view' : ACTION_BY_STATUS[task.status];
  const statusText = task.status === 'notStarted' ? null : t(`status.${task.status}`);

  return (
    <li className="g-card" data-task-id={task.id} data-standing={standing}>
      <article aria-labelledby={titleId}>
        <div className={styles.cardHead}>
          <span className={styles.kindIcon} data-kind={task.kind}>
            <KindIcon kind={task.kind} />
          </span>
          <div className={styles.cardName}>
            <h3 id={titleId} className={styles.cardTitle} dir={directionOf(task.title)}>
              {task.title}
            </h3>
            <p className={styles.kindLabel}>{t(`kind.${task.kind}`)}</p>
          </div>
          {task.reward > 0 ? (
            <p className={styles.reward}>
              <span className="g-visually-hidden">{t('reward')}: </span>
              {points(task.reward)}
            </p>
          ) : null}
        </div>
        {task.description ? (
          <p className={styles.description} dir={directionOf(task.description)}>
            {task.description}
          </p>
        ) : null}
        <p className={styles.meta}>
          <ScheduleBadge schedule={task.schedule} kind={task.kind} />
          <ScheduleNote task={task} />
          {task.locked ? (
            <span className={styles.locked}>
              <LockIcon size={16} />
              {t('lockedLevel', { level: task.minLevel })}
            </span>
          ) : null}
        </p>
        {showsProgress(task) ? (
          <div className={`${progressRow.row} ${styles.progressRow}`}>
            <label htmlFor={progressId} className={styles.progressLabel}>
              {t('progress')}
            </label>
            <progress id={progressId} className={styles.progress} value={Math.min(task.progress.done, task.progress.total)} max={Math.max(task.progress.total, 1)} />
            <span>{t('progressValue', { done: task.progress.done, total: task.progress.total })}</span>
          </div>
        ) : null}
        <div className={styles.cardFoot}>
          {statusText ? (
            <span className={statusStyles.status} data-status={task.status}>
              {task.status === 'closed' && task.closedReason ? t(`closedShort.${task.closedReason}`) : statusText}
            </span>
          ) : (
            <span />
          )}
          {offlineNoteId ? (
            <button type="button" className={styles.action} data-action={action} disabled aria-describedby={offlineNoteId}>
              {t(`action.${action}`)}
              <span className="g-visually-hidden"> — {task.title}</span>
            </button>
          ) : standing !== 'unavailable' && sharesOnCard(task) ? (
            <ShareCardActions task={task} />
          ) : (
            <Link to={cardHref(task, window.location.origin)} className={styles.action} data-action={action}>
              {t(`action.${action}`)}
              <span className="g-visually-hidden"> — {task.title}</span>
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * The /home content (exposed as remote_tasks/TaskHall): the earner's progress first, then every task,
 * what can be done now before what is under way, done, or locked.
 */
export default function TaskHall() {
  const { t, ready } = useT(TASKS_NS);
  const { t: common } = useT();
  const [searchParams] = useSearchParams();
  const parsedKind = TaskKind.safeParse(searchParams.get('taskType'));
  const taskType = parsedKind.success ? parsedKind.data : undefined;
  // Kept in the shared cache: the host may have asked already (preload), and a step done elsewhere
  // makes it stale (tasksChanged), so the hall asks again when it shows.
  const { data, isError, refetch, dataUpdatedAt } = useQuery(taskListQuery(taskType));
  const headingId = useId();
  const offlineNoteId = useId();
  const online = useOnline();
  const readOnly = !online && Boolean(data);

  let body: React.ReactNode;
  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if (!data && isError && ready) {
    body = <LoadFailed message={t('error')} onRetry={() => void refetch()} />;
  } else if (!data || !ready) {
    body = <LoadingBlocks count={3} blockSize="8.5rem" />;
  } else if (data.length === 0) {
    body = <p className="g-problem">{t('empty')}</p>;
  } else {
    body = groupByStanding(data).map((group) => (
      <section key={group.standing} className={styles.group} aria-labelledby={`${headingId}-${group.standing}`} data-standing={group.standing}>
        <h2 id={`${headingId}-${group.standing}`} className={styles.groupTitle}>
          {t(`standing.${group.standing}`)}
        </h2>
        <ul className={styles.list}>
          {group.tasks.map((task) => (
            <TaskCard key={task.id} task={task} offlineNoteId={readOnly ? offlineNoteId : null} />
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <div className="g-page">
      <h1 className={styles.title}>{ready ? t('title') : common('common.loading')}</h1>
      {readOnly && ready ? <OfflineNote id={offlineNoteId} updatedAt={dataUpdatedAt} /> : null}
      {ready ? <ProgressSummary tasks={data} /> : null}
      {ready ? <LuckyDrawCard /> : null}
      {taskType && ready ? (
        <p className={styles.filter}>
          <span>{t('filtered', { kind: t(`kind.${taskType}`) })}</span>
          <Link to={PATHS.home} className={styles.filterLink}>
            {t('allTasks')}
          </Link>
        </p>
      ) : null}
      {body}
    </div>
  );
}
