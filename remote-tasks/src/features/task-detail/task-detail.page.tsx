import { directionOf, type Credit, Link, LoadFailed, LoadingBlocks, languageByKey, PointsAmount, type TaskDetail, taskDetailQuery, useQuery, useSearchParams, useT, LockIcon } from '@grab/shared';
import { useId, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { CollectReward, Credited } from '../../lib/collect-reward.ui';
import { ReviewTime } from '../../lib/review-time.ui';
import { localDateTime } from '../../lib/schedule.lib';
import { ScheduleBadge, ScheduleNote } from '../../lib/schedule-note.ui';
import { afterStepDestination, showsProgress, stepDestination } from '../../lib/step-navigation.lib';
import { useLeadingTask } from '../../lib/task-flow';
import { BrokenLink, Outcome, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import { RedeemCode } from './redeem-code.ui';
import styles from './task-detail.module.css';
import { detailScreen, stepState } from './task-detail.lib';
import progressRow from '../../lib/progress-row.module.css';
import { reviewReasonLine } from '../../lib/review-reason.lib';

function Summary({ detail }: { detail: TaskDetail }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const progressId = useId();
  return (
    <section className={`g-card ${styles.summary}`} aria-label={pages('detail.summary')}>
      {/* Redemption codes carry their own reward: the task itself shows none. */}
      {detail.reward > 0 ? (
        <p className={styles.reward}>
          <span className={styles.rewardLabel}>{t('reward')}</span>
          <span className={styles.rewardValue}>
            <PointsAmount hundredths={detail.reward} />
          </span>
        </p>
      ) : null}
      {detail.description ? (
        <p className={styles.description} dir={directionOf(detail.description)}>
          {detail.description}
        </p>
      ) : null}
      <p className={styles.meta}>
        <ScheduleBadge schedule={detail.schedule} kind={detail.kind} />
        <ScheduleNote task={detail} />
      </p>
      {showsProgress(detail) ? (
        <div className={`${progressRow.row} ${styles.progressRow}`}>
          <label htmlFor={progressId}>{t('progress')}</label>
          <progress id={progressId} value={Math.min(detail.progress.done, detail.progress.total)} max={Math.max(detail.progress.total, 1)} />
          <span>{t('progressValue', { done: detail.progress.done, total: detail.progress.total })}</span>
        </div>
      ) : null}
    </section>
  );
}

function Steps({ detail }: { detail: TaskDetail }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const titleId = useId();
  if (detail.taskBranchList.length === 0) return null;
  return (
    <section className="g-card" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {pages('detail.steps')}
      </h2>
      <ol className={pageStyles.steps}>
        {detail.taskBranchList.map((step) => {
          const state = stepState(detail, step);
          return (
            <li key={step.id} className={pageStyles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span dir={directionOf(step.title)}>
                {step.title}
                <span className={pageStyles.stepNote}>{pages(`detail.stepState.${state}`)}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}


function Action({ detail, onCredit }: { detail: TaskDetail; onCredit: (credit: Credit) => void }) {
  const { t, language } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const task = { id: detail.id, kind: detail.kind };
  const { busy, advance } = useLeadingTask(task);
  const screen = detailScreen(detail);
  const origin = window.location.origin;
  const hall = afterStepDestination(null, task, origin).href;
  // The next step may be this very page (open steps): advancing makes its data stale, so it is asked again.
  const step = (stepId?: number) => advance(stepId ? { stepId } : {});

  switch (screen.kind) {
    case 'collect':
      return <CollectReward taskId={detail.id} onCredit={onCredit} />;
    case 'locked':
      return (
        <Outcome tone="muted" title={pages('detail.lockedTitle')} text={pages('detail.lockedText', { required: screen.required, current: screen.current })}>
          <p className={styles.lockLine}>
            <LockIcon size={20} />
            <span>{t('lockedLevel', { level: screen.required })}</span>
          </p>
        </Outcome>
      );
    case 'closed':
      return <Outcome tone="muted" title={pages('detail.closedTitle')} text={pages(`detail.closed.${screen.reason ?? 'other'}`)} />;
    case 'completed': {
      const nextReset = detail.schedule === 'recurring' ? localDateTime(detail.nextResetAt, languageByKey(language).tag) : null;
      return (
        <Outcome tone="success" title={pages('detail.completedTitle')} text={nextReset ? pages('detail.completedAgain', { time: nextReset }) : pages('detail.completedText')}>
          <Link to={hall} className="g-button g-button--secondary">
            {pages('detail.backToTasks')}
          </Link>
        </Outcome>
      );
    }
    case 'redeem':
      return <RedeemCode />;
    case 'underReview':
      return (
        <Outcome tone="info" title={pages('detail.reviewTitle')} text={pages('detail.reviewText')}>
          <ReviewTime minutes={detail.reviewMinutes} />
          {screen.proofStep ? (
            <Link to={stepDestination(screen.proofStep, task, origin).href} className="g-button g-button--secondary">
              {pages('detail.reviewStatus')}
            </Link>
          ) : null}
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome tone="danger" title={pages('detail.failedTitle')} text={screen.reason ? reviewReasonLine(screen.reason, pages) : pages('detail.failedNoReason')}>
          {screen.proofStep ? (
            <Link to={stepDestination(screen.proofStep, task, origin).href} className="g-button">
              {t('action.retry')}
            </Link>
          ) : null}
        </Outcome>
      );
    case 'open':
      return (
        <Outcome tone="info" title={screen.step.title} text={pages('detail.openText')}>
          <div className={pageStyles.actions}>
            <a href={screen.targetUrl} target="_blank" rel="noopener noreferrer" className="g-button g-button--secondary">
              {pages('detail.open')}
              <span className="g-visually-hidden"> {pages('newTab')}</span>
            </a>
            <button type="button" className="g-button" disabled={busy} onClick={() => step(screen.step.id)}>
              {busy ? t('busy') : pages('detail.done')}
            </button>
          </div>
        </Outcome>
      );
    case 'stepPage':
      return (
        <Link to={stepDestination(screen.step, task, origin).href} className={`g-button ${styles.primary}`}>
          {screen.again ? pages('ws.addTitle') : t('action.start')}
        </Link>
      );
    case 'start':
    case 'continue': {
      // Online time is earned on its own page, not started here.
      const page = detail.taskBranchList.find((s) => s.action === 'hang');
      if (page) {
        return (
          <Link to={stepDestination(page, task, origin).href} className={`g-button ${styles.primary}`}>
            {pages('online.open')}
          </Link>
        );
      }
      return (
        <button type="button" className={`g-button ${styles.primary}`} disabled={busy} onClick={() => step()}>
          {busy ? t('busy') : t(`action.${screen.kind}`)}
        </button>
      );
    }
  }
}

function DetailView({ taskId }: { taskId: number }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const { data, isError, refetch } = useQuery(taskDetailQuery(taskId));
  // Above the keyed Action: the task asked again after a collect has no reward waiting any more.
  const [credit, setCredit] = useState<Credit | null>(null);
  if (!data) {
    return (
      <TaskPage title={pages('detail.title')}>
        {isError ? <LoadFailed message={pages('detail.error')} onRetry={() => void refetch()} /> : <LoadingBlocks count={3} blockSize="7rem" />}
      </TaskPage>
    );
  }
  return (
    <TaskPage title={data.title}>
      <p className={styles.kind}>{t(`kind.${data.kind}`)}</p>
      <Summary detail={data} />
      {credit ? (
        <Credited credit={credit} hall={afterStepDestination(null, data, window.location.origin).href} />
      ) : (
        <Action key={`${data.id}-${data.run?.id ?? 0}`} detail={data} onCredit={setCredit} />
      )}
      <Steps detail={data} />
    </TaskPage>
  );
}

/** /taskDetail?taskId=…&taskType=…: a task's reward, schedule, progress, steps and its one next action. */
export default function TaskDetailPage() {
  const [params] = useSearchParams();
  const { taskId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId ? <DetailView taskId={taskId} /> : <BrokenLink />}</WhenTextsReady>;
}
