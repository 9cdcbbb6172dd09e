import { type Credit, LoadFailed, LoadingBlocks, type TaskDetail, type TaskKind, taskDetailQuery, useQuery, useSearchParams, useT } from '@grab/shared';
import { useId, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { CollectReward, Credited } from '../../lib/collect-reward.ui';
import { useShareFlow, VISITS_REFRESH_MS, waitingForVisits } from '../../lib/share-flow';
import { afterStepDestination } from '../../lib/step-navigation.lib';
import { BrokenLink, StepUnavailable, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import styles from './share-task.module.css';
import progressRow from '../../lib/progress-row.module.css';

function ShareBody({ detail, stepId, onCredit }: { detail: TaskDetail; stepId: number; onCredit: (credit: Credit) => void }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const task = { id: detail.id, kind: detail.kind as TaskKind, title: detail.title, shareStepId: stepId };
  const flow = useShareFlow(task);
  const linkId = useId();
  const progressId = useId();
  const run = detail.run;
  const share = run?.share ?? null;

  if (run?.status === 'passed') return <CollectReward taskId={detail.id} onCredit={onCredit} />;
  if (!run || !share || run.status === 'completed' || run.status === 'closed') return <StepUnavailable task={task} />;

  const enough = share.visits >= share.visitsNeeded;
  async function onCollect() {
    const credit = await flow.collect(false);
    if (credit) onCredit(credit);
  }

  return (
    <>
      <section className={`g-card ${pageStyles.stack}`}>
        <label htmlFor={linkId} className={pageStyles.fieldLabel}>
          {t('share.linkLabel')}
        </label>
        <input
          id={linkId}
          className={`${pageStyles.field} ${styles.link}`}
          value={share.url}
          readOnly
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={enough ? 'g-button g-button--secondary' : 'g-button'} disabled={flow.busy !== null} onClick={() => void flow.share(share.url)}>
          {t('share.share')}
        </button>
      </section>
      <section className={`g-card ${pageStyles.stack}`} aria-live="polite">
        <div className={`${progressRow.row} ${styles.progressRow}`}>
          <label htmlFor={progressId}>{t('share.visits')}</label>
          <progress id={progressId} value={Math.min(share.visits, share.visitsNeeded)} max={Math.max(share.visitsNeeded, 1)} />
          <span className={styles.count}>{t('share.visitsValue', { visits: share.visits, needed: share.visitsNeeded })}</span>
        </div>
        <p className={pageStyles.outcomeText}>{enough ? t('share.enough') : t('share.waiting', { count: share.visitsNeeded - share.visits })}</p>
        {enough ? (
          <button type="button" className="g-button" disabled={flow.busy !== null} onClick={onCollect}>
            {flow.busy === 'collect' ? t('busy') : pages('detail.collect')}
          </button>
        ) : null}
      </section>
    </>
  );
}

function ShareTask({ taskId, stepId }: { taskId: number; stepId: number }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  // Visits come from strangers' phones: ask again while the earner waits (and at once when the page
  // shows again, back from the app they shared to), not once enough came. A hidden page asks nothing.
  const { data, isError, refetch } = useQuery({
    ...taskDetailQuery(taskId),
    refetchInterval: (query) => (waitingForVisits(query.state.data) ? VISITS_REFRESH_MS : false),
  });
  const [credit, setCredit] = useState<Credit | null>(null);

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={pages('detail.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={2} blockSize="8rem" />;
  else if (credit) body = <Credited credit={credit} hall={afterStepDestination(null, data, window.location.origin).href} />;
  else body = <ShareBody detail={data} stepId={stepId} onCredit={setCredit} />;

  return (
    <TaskPage title={t('share.title')}>
      <p className={pageStyles.outcomeText}>{t('share.text')}</p>
      {body}
    </TaskPage>
  );
}

/** /shareTask?taskType&taskId&id: share the earner's own link until it brought enough visits, then collect. */
export default function ShareTaskPage() {
  const [params] = useSearchParams();
  const { taskId, stepId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId && stepId ? <ShareTask taskId={taskId} stepId={stepId} /> : <BrokenLink />}</WhenTextsReady>;
}
