import {
  copyText,
  LoadFailed,
  LoadingBlocks,
  type TaskDetail,
  type TaskKind,
  taskDetailQuery,
  toast,
  useQuery,
  useSearchParams,
  useT,
} from '@grab/shared';
import { useId } from 'react';
import { TASKS_NS } from '../../locales/tasks.locales';
import { CollectReward } from '../../lib/collect-reward.ui';
import { afterStepDestination } from '../../lib/step-navigation.lib';
import { useLeadingTask } from '../../lib/task-flow';
import { BrokenLink, StepUnavailable, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import { shareLink } from './share-link.lib';
import styles from './share-task.module.css';

/** How often the visit count is asked again while the page is in view. */
export const VISITS_REFRESH_MS = 15_000;

function waitingForVisits(detail: TaskDetail | undefined): boolean {
  const share = detail?.run?.share;
  return Boolean(share && share.visits < share.visitsNeeded && detail?.run?.status === 'inProgress');
}

function ShareBody({ detail, stepId }: { detail: TaskDetail; stepId: number }) {
  const { t } = useT(TASKS_NS);
  const task = { id: detail.id, kind: detail.kind as TaskKind };
  const { busy, advance } = useLeadingTask(task);
  const linkId = useId();
  const progressId = useId();
  const hall = afterStepDestination(null, task, window.location.origin).href;
  const run = detail.run;
  const share = run?.share ?? null;

  if (run?.status === 'passed') return <CollectReward taskId={detail.id} hall={hall} />;
  if (!run || !share || run.status === 'completed' || run.status === 'closed') return <StepUnavailable task={task} />;

  const enough = share.visits >= share.visitsNeeded;
  async function onShare() {
    if (!share) return;
    const outcome = await shareLink(share.url, detail.title, {
      share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
      copy: copyText,
    });
    if (outcome === 'copied') toast.success(t('share.copied'));
    else if (outcome === 'failed') {
      toast.danger(t('share.copyFailed'));
      document.getElementById(linkId)?.focus();
    }
  }
  async function onContinue() {
    await advance({ stepId });
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
        <button type="button" className="g-button" onClick={onShare}>
          {t('share.share')}
        </button>
      </section>
      <section className={`g-card ${pageStyles.stack}`} aria-live="polite">
        <div className={`${pageStyles.progressRow} ${styles.progressRow}`}>
          <label htmlFor={progressId}>{t('share.visits')}</label>
          <progress id={progressId} value={Math.min(share.visits, share.visitsNeeded)} max={Math.max(share.visitsNeeded, 1)} />
          <span className={styles.count}>{t('share.visitsValue', { visits: share.visits, needed: share.visitsNeeded })}</span>
        </div>
        <p className={pageStyles.outcomeText}>{enough ? t('share.enough') : t('share.waiting', { count: share.visitsNeeded - share.visits })}</p>
        {enough ? (
          <button type="button" className="g-button" disabled={busy} onClick={onContinue}>
            {busy ? t('busy') : t('action.continue')}
          </button>
        ) : null}
      </section>
    </>
  );
}

function ShareTask({ taskId, stepId }: { taskId: number; stepId: number }) {
  const { t } = useT(TASKS_NS);
  // Visits come from strangers' phones: ask again while the earner waits (and at once when the page
  // shows again, back from the app they shared to), not once enough came. A hidden page asks nothing.
  const { data, isError, refetch } = useQuery({
    ...taskDetailQuery(taskId),
    refetchInterval: (query) => (waitingForVisits(query.state.data) ? VISITS_REFRESH_MS : false),
  });

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={t('detail.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={2} blockSize="8rem" />;
  else body = <ShareBody detail={data} stepId={stepId} />;

  return (
    <TaskPage title={t('share.title')}>
      <p className={pageStyles.outcomeText}>{t('share.text')}</p>
      {body}
    </TaskPage>
  );
}

/** /shareTask?taskType&taskId&id: share the earner's own link until it brought enough visits. */
export default function ShareTaskPage() {
  const [params] = useSearchParams();
  const { taskId, stepId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId && stepId ? <ShareTask taskId={taskId} stepId={stepId} /> : <BrokenLink />}</WhenTextsReady>;
}
