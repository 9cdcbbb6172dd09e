import { LoadFailed, LoadingBlocks, type TaskKind, taskTgUrlQuery, useQuery, useSearchParams, useT } from '@grab/shared';
import { useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { useLeadingTask } from '../../lib/task-flow';
import { BrokenLink, TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { readTaskQuery } from '../../lib/task-query.lib';

function JoinGroup({ taskId, taskType, stepId }: { taskId: number; taskType: TaskKind; stepId: number }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const { data, isError, refetch } = useQuery(taskTgUrlQuery(taskId));
  const { busy, advance } = useLeadingTask({ id: taskId, kind: taskType });
  const [opened, setOpened] = useState(false);

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={pages('join.error')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={1} blockSize="10rem" />;
  else {
    body = (
      <section className={`g-card ${pageStyles.stack}`}>
        <ol className={pageStyles.steps}>
          <li className={pageStyles.step} data-state={opened ? 'done' : 'current'}>
            {pages('join.step1')}
          </li>
          <li className={pageStyles.step} data-state={opened ? 'current' : 'todo'}>
            {pages('join.step2')}
          </li>
        </ol>
        <div className={pageStyles.actions}>
          <a
            href={data.url}
            target="_blank"
            rel="noopener noreferrer"
            className={`g-button${opened ? ' g-button--secondary' : ''}`}
            onClick={() => setOpened(true)}
          >
            {pages('join.open')}
            <span className="g-visually-hidden"> {pages('newTab')}</span>
          </a>
          <button
            type="button"
            className={`g-button${opened ? '' : ' g-button--secondary'}`}
            disabled={busy}
            onClick={() => advance({ stepId })}
          >
            {busy ? t('busy') : pages('join.joined')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <TaskPage title={pages('join.title')}>
      <p className={pageStyles.outcomeText}>{pages('join.text')}</p>
      {body}
    </TaskPage>
  );
}

/** /joinTgTask?taskType&taskId&id: open the group, then say so; the server checks and moves on. */
export default function JoinGroupPage() {
  const [params] = useSearchParams();
  const { taskId, taskType, stepId } = readTaskQuery(params);
  return <WhenTextsReady>{taskId && taskType && stepId ? <JoinGroup taskId={taskId} taskType={taskType} stepId={stepId} /> : <BrokenLink />}</WhenTextsReady>;
}
