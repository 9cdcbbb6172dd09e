import { useState } from 'react';
import { type Credit, Link, LoadFailed, LoadingBlocks, type TaskDetail, type TaskKind, taskDetailQuery, toast, useQuery, useSearchParams, useT } from '@grab/shared';
import { TASK_PAGES_NS, } from '../../locales/tasks.locales';
import { CollectReward, Credited } from '../../lib/collect-reward.ui';
import { ReviewTime } from '../../lib/review-time.ui';
import { afterStepDestination } from '../../lib/step-navigation.lib';
import { useLeadingTask } from '../../lib/task-flow';
import { BrokenLink, Outcome, StepUnavailable, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';
import { picturesNeeded } from './audit-picker.lib';
import { PicturePicker } from './picture-picker.ui';
import { InviteLink } from './invite-link.ui';
import { SubmissionHistory } from './submission-history.ui';
import { reviewReasonLine } from '../../lib/review-reason.lib';

/** How often an open page asks whether the review has been decided. */
export const REVIEW_REFRESH_MS = 30_000;

/** While a review is pending, the page (and its history) asks again; a decision the answer reveals makes the balance stale (task.queries). */
const whileUnderReview = (detail: TaskDetail | undefined) => (detail?.run?.status === 'underReview' ? REVIEW_REFRESH_MS : false);

function AuditStatus({ detail, stepId, onCredit }: { detail: TaskDetail; stepId: number; onCredit: (credit: Credit) => void }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const { t: common } = useT();
  const task = { id: detail.id, kind: detail.kind as TaskKind };
  const { busy, advance } = useLeadingTask(task);
  const hall = afterStepDestination(null, task, window.location.origin).href;
  const run = detail.run;
  const status = run?.status ?? detail.status;

  async function submit(pictures: string[]): Promise<boolean> {
    const result = await advance({ stepId, pictures });
    // The page is left for the hall (SPEC §2): the toast says the pictures arrived.
    if (result) toast.success(common('common.operationSuccess'));
    return Boolean(result);
  }
  // What the task asks to post stands first, where the earner copies it before leaving to post it.
  const picker = (
    <>
      {detail.inviteLink ? <InviteLink link={detail.inviteLink} /> : null}
      <PicturePicker needed={picturesNeeded(detail.proofPictures)} labels={detail.pictureLabels} busy={busy} onSubmit={submit} />
      <ReviewTime minutes={detail.reviewMinutes} />
    </>
  );
  const backToTasks = (
    <Link to={hall} className="g-button g-button--secondary">
      {pages('detail.backToTasks')}
    </Link>
  );

  if (status === 'passed') return <CollectReward taskId={detail.id} onCredit={onCredit} />;
  if (status === 'completed') return <Outcome tone="success" title={pages('audit.passedTitle')} text={pages('audit.passedText')}>{backToTasks}</Outcome>;
  if (status === 'underReview') {
    return (
      <Outcome tone="info" title={pages('detail.reviewTitle')} text={pages('detail.reviewText')}>
        <ReviewTime minutes={detail.reviewMinutes} />
        {backToTasks}
      </Outcome>
    );
  }
  if (status === 'failed') {
    return (
      <>
        <Outcome tone="danger" title={pages('detail.failedTitle')} text={run?.reason ? reviewReasonLine(run.reason, pages) : pages('detail.failedNoReason')} />
        {picker}
      </>
    );
  }
  if (!run || status !== 'inProgress') return <StepUnavailable task={task} />;
  return picker;
}

function AuditTask({ taskId, stepId }: { taskId: number; stepId: number }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const { data, isError, refetch } = useQuery({ ...taskDetailQuery(taskId), refetchInterval: (query) => whileUnderReview(query.state.data) });
  const [credit, setCredit] = useState<Credit | null>(null);

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={pages('detail.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={2} blockSize="9rem" />;
  else if (credit) body = <Credited credit={credit} hall={afterStepDestination(null, data, window.location.origin).href} />;
  else body = <AuditStatus detail={data} stepId={stepId} onCredit={setCredit} />;

  return (
    <TaskPage title={data?.title ?? pages('audit.title')}>
      <p className={pageStyles.outcomeText}>{pages('audit.text')}</p>
      {body}
      {/* The failed review's reason stands above, in the status: the history does not say it again. */}
      <SubmissionHistory taskId={taskId} refreshEveryMs={whileUnderReview(data)} newestReasonShown={data?.run?.status === 'failed' && Boolean(data.run.reason)} />
    </TaskPage>
  );
}

/** /auditTask?taskType&taskId&id: upload the proof screenshots, then follow their review. */
export default function AuditTaskPage() {
  const [params] = useSearchParams();
  const { taskId, stepId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId && stepId ? <AuditTask taskId={taskId} stepId={stepId} /> : <BrokenLink />}</WhenTextsReady>;
}
