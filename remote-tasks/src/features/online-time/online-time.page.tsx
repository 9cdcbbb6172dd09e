import { balanceChanged, fetchEndpoint, LoadFailed, LoadingBlocks, LockIcon, queryClient, tasksChanged, useQuery, useSearchParams, usePointsText, useT } from '@grab/shared';
import { type StandbyTime, standbyTime, userOnline } from '@grab/shared/contracts';
import { useCallback, useId, useRef } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { BrokenLink, Outcome, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import { useHeartbeat } from './heartbeat.lib';
import { spokenMinutes, towardNext } from './online-time.lib';
import styles from './online-time.module.css';
import progressRow from '../../lib/progress-row.module.css';

const standbyKey = (taskId: number) => ['tasks', 'standby', taskId] as const;

function StateLine({ view }: { view: StandbyTime }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const points = usePointsText();
  if (view.locked) {
    return (
      <Outcome tone="muted" title={pages('detail.lockedTitle')} text={pages('detail.lockedText', { required: view.minLevel, current: view.earnerLevel })}>
        <p className={pageStyles.outcomeText}>
          <LockIcon size={20} /> {t('lockedLevel', { level: view.minLevel })}
        </p>
      </Outcome>
    );
  }
  if (view.state === 'completed') {
    return <Outcome tone="success" title={pages('online.completedTitle')} text={pages('online.completedText', { points: points(view.creditedToday) })} />;
  }
  if (view.state === 'online') {
    return <Outcome tone="info" title={pages('online.onlineTitle')} text={pages('online.onlineText', { points: points(view.reward), time: spokenMinutes(view.targetMinutes, pages) })} />;
  }
  return <Outcome tone="muted" title={pages('online.offlineTitle')} text={pages('online.offlineText')} />;
}

function Figures({ view }: { view: StandbyTime }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const progressId = useId();
  const next = towardNext(view);
  return (
    <section className={`g-card ${pageStyles.stack}`}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{pages('online.today')}</dt>
          <dd>{spokenMinutes(view.todayMinutes, pages)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{pages('online.total')}</dt>
          <dd>{spokenMinutes(view.totalMinutes, pages)}</dd>
        </div>
      </dl>
      <div className={`${progressRow.row} ${styles.progressRow}`}>
        <label htmlFor={progressId}>{pages('online.toward')}</label>
        <progress id={progressId} value={next.value} max={next.max} aria-valuetext={pages('online.towardValue', { done: spokenMinutes(next.value, pages), target: spokenMinutes(next.max, pages) })} />
        <span>{pages('online.towardShort', { done: next.value, target: next.max })}</span>
      </div>
      <p className={pageStyles.outcomeText}>{pages('online.credits', { done: view.credits.done, total: view.credits.total })}</p>
      <p className={pageStyles.outcomeText}>{pages('online.rules', { cap: spokenMinutes(view.capMinutes, pages) })}</p>
    </section>
  );
}

function OnlineTime({ taskId }: { taskId: number }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const { data, isError, refetch } = useQuery({
    queryKey: standbyKey(taskId),
    queryFn: () => fetchEndpoint(standbyTime, { taskId }),
  });
  const credited = useRef<number | null>(null);
  if (data && credited.current !== null && data.creditedToday > credited.current) {
    // A credit landed: the balance and the hall's progress moved with it.
    void balanceChanged();
    void tasksChanged();
  }
  if (data) credited.current = data.creditedToday;

  const earning = Boolean(data && !data.locked && data.state !== 'completed');
  const beat = useCallback(async () => {
    await fetchEndpoint(userOnline, { taskId }, { quiet: true });
    await queryClient.invalidateQueries({ queryKey: standbyKey(taskId) });
  }, [taskId]);
  useHeartbeat(earning, beat);

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={pages('detail.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={2} blockSize="8rem" />;
  else
    body = (
      <>
        <div aria-live="polite">
          <StateLine view={data} />
        </div>
        <Figures view={data} />
      </>
    );

  return (
    <TaskPage title={pages('online.title')}>
      <p className={pageStyles.outcomeText}>{pages('online.text')}</p>
      {body}
    </TaskPage>
  );
}

/** /hangTask?taskType=hang&taskId&id: the earner's own time on this page, counted while it is on screen. */
export default function OnlineTimePage() {
  const [params] = useSearchParams();
  const { taskId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId ? <OnlineTime taskId={taskId} /> : <BrokenLink />}</WhenTextsReady>;
}
