import { callMain, type Credit, Link, taskCollect, useT } from '@grab/shared';
import { TASK_PAGES_NS, TASKS_NS } from '../locales/tasks.locales';
import { CreditDone } from './credit-done.ui';
import { useCredit } from './credit.lib';
import { Outcome } from './task-page.ui';

/** What a credit brought, with the way back to the hall. */
export function Credited({ credit, hall }: { credit: Credit; hall: string }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  return (
    <CreditDone credit={credit}>
      <Link to={hall} className="g-button">
        {pages('detail.backToTasks')}
      </Link>
    </CreditDone>
  );
}

/**
 * A passed run's Collect button. The page keeps the credit (`onCredit`) above anything keyed by the
 * run: the task's figures are asked again at once (progress moves in place), and the answer, which
 * no longer has a reward waiting, must not take the confirmation away.
 */
export function CollectReward({ taskId, onCredit }: { taskId: number; onCredit: (credit: Credit) => void }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const { busy, run } = useCredit();
  async function collect() {
    const credit = await run(() => callMain(taskCollect, { taskId }));
    if (credit) onCredit(credit);
  }
  return (
    <Outcome tone="success" title={pages('detail.passedTitle')} text={pages('detail.passedText')}>
      <button type="button" className="g-button" disabled={busy} onClick={collect}>
        {busy ? t('busy') : pages('detail.collect')}
      </button>
    </Outcome>
  );
}
