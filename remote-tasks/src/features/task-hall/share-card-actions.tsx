import { type Task, taskDetailQuery, toast, usePointsText, useQuery, useT } from '@grab/shared';
import { TASKS_NS } from '../../locales/tasks.locales';
import { useShareFlow, VISITS_REFRESH_MS, waitingForVisits } from '../../lib/share-flow';
import { stepDestination } from '../../lib/step-navigation.lib';
import styles from './task-hall.module.css';

/**
 * A task that is only "share your link" is done from its card: Share (the sheet, or the link
 * copied), then Collect once enough people opened it. Anything else goes through its pages.
 */
export function sharesOnCard(task: Task): boolean {
  const [step, ...rest] = task.taskBranchList;
  return step?.action === 'share' && rest.length === 0 && !task.locked && ['notStarted', 'inProgress', 'passed'].includes(task.status);
}

/** The card's Share and Collect, and the visits while the earner waits for them. */
export function ShareCardActions({ task }: { task: Task }) {
  const { t } = useT(TASKS_NS);
  const points = usePointsText();
  const step = task.taskBranchList[0];
  const flow = useShareFlow(
    { id: task.id, kind: task.kind, title: task.title, shareStepId: step?.id ?? 0 },
    step ? stepDestination(step, task, window.location.origin) : undefined,
  );
  const started = task.status === 'inProgress';
  // The visits live on the run: asked only for a started task, and again while it waits for them.
  const { data } = useQuery({
    ...taskDetailQuery(task.id),
    enabled: started,
    refetchInterval: (query) => (waitingForVisits(query.state.data) ? VISITS_REFRESH_MS : false),
  });
  const run = started ? (data?.run ?? null) : null;
  const share = run?.status === 'inProgress' ? run.share : null;
  const passed = task.status === 'passed' || run?.status === 'passed';
  const enough = passed || (share !== null && share.visits >= share.visitsNeeded);

  async function onCollect() {
    const credit = await flow.collect(passed);
    if (credit) toast.success(t('credit.title', { points: points(credit.reward) }));
  }

  return (
    <div className={styles.shareActions}>
      {share && !passed ? (
        <p className={styles.visits} aria-live="polite">
          <span>{t('share.visits')}</span>
          <span>{t('share.visitsValue', { visits: share.visits, needed: share.visitsNeeded })}</span>
        </p>
      ) : null}
      {enough ? (
        <button type="button" className={styles.action} data-action="collect" disabled={flow.busy !== null} onClick={onCollect}>
          {flow.busy === 'collect' ? t('busy') : t('action.collect')}
          <span className="g-visually-hidden"> — {task.title}</span>
        </button>
      ) : (
        <button type="button" className={styles.action} data-action="share" disabled={flow.busy !== null} onClick={() => void flow.share(share?.url ?? null)}>
          {flow.busy === 'share' ? t('busy') : t('share.share')}
          <span className="g-visually-hidden"> — {task.title}</span>
        </button>
      )}
    </div>
  );
}
