/// <reference types="@rsbuild/core/types" />
import {
  LoadFailed,
  LoadingBlocks,
  Link,
  languageByKey,
  type Task,
  TaskKind,
  taskList,
  taskListAtom,
  useAtomValue,
  useCall,
  userInfoAtom,
  useSearchParams,
  useSetAtom,
  usePointsText,
  useT,
} from '@grab/shared';
import { useEffect, useId } from 'react';
import { registerTasksLocales, TASKS_NS } from '../../locales/tasks.locales';
import styles from './task-hall.module.css';
import { firstStepHref, groupByKind, hoursLeft, localResetTime } from './task-hall.lib';

registerTasksLocales();

type Translate = ReturnType<typeof useT>['t'];

const ACTION_BY_STATUS: Record<Task['status'], 'start' | 'continue' | 'view' | 'retry' | null> = {
  notStarted: 'start',
  inProgress: 'continue',
  underReview: 'view',
  failed: 'retry',
  passed: 'view',
  completed: 'view',
  closed: null,
};

function ScheduleNote({ task, t, tag }: { task: Task; t: Translate; tag: string }) {
  const now = Date.now();
  if (task.schedule === 'recurring' && task.resetTime) {
    return <span>{t('resetsAt', { time: localResetTime(task.resetTime, tag, now) })}</span>;
  }
  if (task.schedule === 'timed' && task.endsAt) {
    const hours = hoursLeft(task.endsAt, now);
    return <span>{hours > 0 ? t('hoursLeft', { hours }) : t('ended')}</span>;
  }
  return null;
}

function TaskCard({ task }: { task: Task }) {
  const { t, language } = useT(TASKS_NS);
  const points = usePointsText();
  const user = useAtomValue(userInfoAtom);
  const titleId = useId();
  const progressId = useId();
  const tag = languageByKey(language).tag;
  const action = ACTION_BY_STATUS[task.status];
  const step = action ? firstStepHref(task, window.location.origin) : null;
  const statusText = task.status === 'notStarted' || task.status === 'inProgress' ? null : t(`status.${task.status}`);
  const lockedLevel = user && user.level < task.minLevel ? task.minLevel : null;

  const actionLabel = (
    <>
      {action ? t(`action.${action}`) : null}
      <span className="g-visually-hidden"> — {task.title}</span>
    </>
  );

  return (
    <li className="g-card" data-task-id={task.id}>
      <article aria-labelledby={titleId}>
        <div className={styles.cardHead}>
          <h3 id={titleId} className={styles.cardTitle} dir="auto">
            {task.title}
          </h3>
          <p className={styles.reward}>
            <span className="g-visually-hidden">{t('reward')}: </span>
            {points(task.reward)}
          </p>
        </div>
        {task.description ? <p className={styles.description} dir="auto">
            {task.description}
          </p> : null}
        <p className={styles.meta}>
          <span className={styles.badge} data-schedule={task.schedule}>
            {t(`schedule.${task.schedule}`)}
          </span>
          <ScheduleNote task={task} t={t} tag={tag} />
          {lockedLevel ? <span className={styles.locked}>{t('needsLevel', { level: lockedLevel })}</span> : null}
        </p>
        <div className={styles.progressRow}>
          <label htmlFor={progressId} className={styles.progressLabel}>
            {t('progress')}
          </label>
          <progress id={progressId} className={styles.progress} value={Math.min(task.progress.done, task.progress.total)} max={Math.max(task.progress.total, 1)} />
          <span className={styles.progressValue}>{t('progressValue', { done: task.progress.done, total: task.progress.total })}</span>
        </div>
        <div className={styles.cardFoot}>
          {statusText ? (
            <span className={styles.status} data-status={task.status}>
              {statusText}
            </span>
          ) : (
            <span />
          )}
          {step ? (
            step.internal ? (
              <Link to={step.href} className={styles.action}>
                {actionLabel}
              </Link>
            ) : (
              <a href={step.href} className={styles.action}>
                {actionLabel}
              </a>
            )
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** The /home content: every task the earner can do, grouped by kind (exposed as remote_tasks/TaskHall). */
export default function TaskHall() {
  const { t, ready } = useT(TASKS_NS);
  const { t: common } = useT();
  const [searchParams] = useSearchParams();
  const parsedKind = TaskKind.safeParse(searchParams.get('taskType'));
  const taskType = parsedKind.success ? parsedKind.data : undefined;
  const { data, error, loading, reload } = useCall(taskList, taskType ? { taskType } : {});
  const setTaskList = useSetAtom(taskListAtom);
  const headingId = useId();

  useEffect(() => {
    if (data) setTaskList(data);
  }, [data, setTaskList]);

  let body: React.ReactNode;
  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if ((loading && !data) || !ready) {
    body = <LoadingBlocks count={3} blockSize="8.5rem" />;
  } else if (error || !data) {
    body = <LoadFailed message={t('error')} onRetry={reload} />;
  } else if (data.length === 0) {
    body = <p className="g-problem">{t('empty')}</p>;
  } else {
    body = groupByKind(data).map((group) => (
      <section key={group.kind} className={styles.group} aria-labelledby={`${headingId}-${group.kind}`}>
        <h2 id={`${headingId}-${group.kind}`} className={styles.groupTitle}>
          {t(`kind.${group.kind}`)}
        </h2>
        <ul className={styles.list}>
          {group.tasks.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <div className="g-page">
      <h1 className={styles.title}>{ready ? t('title') : common('common.loading')}</h1>
      {taskType && ready ? (
        <p className={styles.filter}>
          <span>{t('filtered', { kind: t(`kind.${taskType}`) })}</span>
          <Link to="/home" className={styles.filterLink}>
            {t('allTasks')}
          </Link>
        </p>
      ) : null}
      {body}
    </div>
  );
}
