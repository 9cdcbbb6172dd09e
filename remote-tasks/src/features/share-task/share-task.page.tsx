import {
  copyText,
  LoadFailed,
  LoadingBlocks,
  type TaskDetail,
  type TaskKind,
  taskDetail,
  toast,
  useCall,
  useSearchParams,
  useT,
} from '@grab/shared';
import { useId } from 'react';
import { TASKS_NS } from '../../locales/tasks.locales';
import { CollectReward } from '../../lib/collect-reward.ui';
import { useRefreshWhileVisible } from '../../lib/refresh-while-visible';
import { afterStepDestination } from '../../lib/step-navigation.lib';
import { useLeadingTask } from '../../lib/task-flow';
import { BrokenLink, StepUnavailable, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import { shareLink } from './share-link.lib';
import styles from './share-task.module.css';

/** How often the visit count is asked again while the page is in view. */
export const VISITS_REFRESH_MS = 15_000;

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
  const { data, error, loading, reload } = useCall(taskDetail, { taskId });
  const share = data?.run?.share;
  // Visits come from strangers' phones: ask again while the earner waits, not once enough came.
  useRefreshWhileVisible(reload, VISITS_REFRESH_MS, Boolean(share && share.visits < share.visitsNeeded && data?.run?.status === 'inProgress'));

  let body: React.ReactNode;
  if (loading && !data) body = <LoadingBlocks count={2} blockSize="8rem" />;
  else if (error || !data) body = <LoadFailed message={t('detail.error')} onRetry={reload} />;
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
