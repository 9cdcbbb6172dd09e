import {
  auditLogQuery,
  LoadFailed,
  LoadingBlocks,
  languageByKey,
  queryClient,
  type Submission,
  useAuthorizedImage,
  usePointsText,
  useQuery,
  useT,
} from '@grab/shared';
import { useEffect, useId, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { localDateTime } from '../../lib/schedule.lib';
import statusStyles from '../../lib/status.module.css';
import styles from './audit-task.module.css';
import { reviewReasonLine } from '../../lib/review-reason.lib';

function Thumb({ id, alt }: { id: string; alt: string }) {
  const image = useAuthorizedImage(id);
  if (image.url) return <img src={image.url} alt={alt} className={styles.thumb} />;
  return (
    <span className={styles.thumb} data-state={image.state} role="img" aria-label={alt}>
      {image.state === 'failed' ? '×' : null}
    </span>
  );
}

function Item({ submission, showReason }: { submission: Submission; showReason: boolean }) {
  const { t, language } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const points = usePointsText();
  const when = localDateTime(submission.createdAt, languageByKey(language).tag);
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={`${statusStyles.status} ${styles.itemStatus}`} data-status={submission.status}>
          {submission.status === 'passed' ? pages('audit.passedTitle') : t(`status.${submission.status}`)}
        </span>
        <span className={styles.itemDate}>{when}</span>
      </div>
      {submission.reason && showReason ? (
        <p className={styles.itemReason} dir="auto">
          {reviewReasonLine(submission.reason, pages)}
        </p>
      ) : null}
      {submission.status === 'passed' ? <p className={styles.itemReward}>{pages('audit.earned', { points: points(submission.reward) })}</p> : null}
      <div className={styles.thumbs}>
        {submission.pictures.map((id, index) => (
          <Thumb key={id} id={id} alt={pages('audit.pictureN', { n: index + 1 })} />
        ))}
      </div>
    </li>
  );
}

/**
 * The earner's own submissions for this task, newest first, 20 at a time. `refreshEveryMs` asks
 * again while a review is pending (the page's own status decides). `newestReasonShown`: the page
 * already shows why the newest submission failed.
 */
export function SubmissionHistory({ taskId, refreshEveryMs, newestReasonShown = false }: { taskId: number; refreshEveryMs: number | false; newestReasonShown?: boolean }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const { data, isError, refetch } = useQuery({ ...auditLogQuery(taskId), refetchInterval: refreshEveryMs });
  const [more, setMore] = useState<{ list: Submission[]; page: number; hasMore: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const titleId = useId();

  // A new submission or decision changes the first page: the pages after it are dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` changes identity only when its content changed
  useEffect(() => setMore(null), [data]);

  async function loadMore() {
    setLoadingMore(true);
    try {
      const page = (more?.page ?? 1) + 1;
      const next = await queryClient.fetchQuery(auditLogQuery(taskId, page));
      setMore({ list: [...(more?.list ?? []), ...next.list], page, hasMore: next.hasMore });
    } catch {
      // Toasted by the client; the button stays for another try.
    } finally {
      setLoadingMore(false);
    }
  }

  let body: React.ReactNode;
  if (!data && isError) body = <LoadFailed message={pages('audit.historyError')} onRetry={() => void refetch()} />;
  else if (!data) body = <LoadingBlocks count={2} blockSize="5rem" />;
  else if (data.list.length === 0) body = <p className={styles.empty}>{pages('audit.historyEmpty')}</p>;
  else {
    const hasMore = more ? more.hasMore : data.hasMore;
    body = (
      <>
        <ul className={styles.history}>
          {[...data.list, ...(more?.list ?? [])].map((submission, index) => (
            <Item key={submission.id} submission={submission} showReason={!(newestReasonShown && index === 0 && submission.status === 'failed')} />
          ))}
        </ul>
        {hasMore ? (
          <button type="button" className="g-button g-button--secondary" disabled={loadingMore} onClick={loadMore}>
            {loadingMore ? t('busy') : pages('audit.more')}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className={`g-card ${styles.historyCard}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {pages('audit.history')}
      </h2>
      {body}
    </section>
  );
}
