import { Link, LineIcon, PATHS, type Task, taskListQuery, usePointsText, useQuery, useT, useToastLift } from '@grab/shared';
import { useEffect, useId } from 'react';
import styles from './prompts.module.css';

/**
 * The official group: the first join-group task of the catalogue open to the earner, offered only
 * while not started. One already under way, under review or done is joined: the prompt settles for
 * good rather than invite the earner again (or to another group) on every visit.
 */
function officialGroupTask(tasks: Task[]): Task | undefined {
  const group = tasks.find((task) => task.kind === 'joinGroup' && !task.locked && task.status !== 'closed');
  return group?.status === 'notStarted' ? group : undefined;
}

/**
 * Once after registration: an invitation to the official group, leading to its task. Shown only
 * when such a task is configured and open; otherwise it settles without a word.
 */
export function JoinGroupPrompt({ onSettled }: { onSettled: () => void }) {
  const { t } = useT('host');
  const points = usePointsText();
  const titleId = useId();
  const lift = useToastLift();
  // The hall's own list (same key): on Home this asks nothing more of the server.
  const { data } = useQuery(taskListQuery());
  const task = data ? officialGroupTask(data) : undefined;
  const nothingToJoin = data !== undefined && task === undefined;

  useEffect(() => {
    if (nothingToJoin) onSettled();
  }, [nothingToJoin, onSettled]);

  if (!task) return null;
  return (
    <aside className={`g-card ${styles.prompt}`} aria-labelledby={titleId} data-testid="join-group-prompt" ref={lift}>
      <div className={styles.head}>
        <span className={styles.mark}>
          <LineIcon>
            <circle cx="9" cy="8" r="3" />
            <path d="M3 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.6" />
          </LineIcon>
        </span>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('prompts.joinGroupTitle')}
          </h2>
          <p className={styles.text}>{t('prompts.joinGroupText', { points: points(task.reward) })}</p>
        </div>
      </div>
      <div className={styles.actions}>
        <Link className="g-button" to={`${PATHS.taskDetail}?taskId=${task.id}&taskType=${task.kind}`} onClick={onSettled}>
          {t('prompts.joinGroupGo')}
        </Link>
        <button type="button" className="g-button g-button--secondary" onClick={onSettled}>
          {t('prompts.notNow')}
        </button>
      </div>
    </aside>
  );
}
