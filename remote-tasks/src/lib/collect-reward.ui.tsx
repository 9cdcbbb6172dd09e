import { callMain, Link, taskCollect, useT } from '@grab/shared';
import { TASKS_NS } from '../locales/tasks.locales';
import { CreditDone } from './credit-done.ui';
import { useCredit } from './credit.lib';
import { Outcome } from './task-page.ui';

/** A passed run's reward: the Collect button, then what the server credited. */
export function CollectReward({ taskId, hall }: { taskId: number; hall: string }) {
  const { t } = useT(TASKS_NS);
  const { busy, credit, run } = useCredit();
  if (credit) {
    return (
      <CreditDone credit={credit}>
        <Link to={hall} className="g-button">
          {t('detail.backToTasks')}
        </Link>
      </CreditDone>
    );
  }
  return (
    <Outcome tone="success" title={t('detail.passedTitle')} text={t('detail.passedText')}>
      <button type="button" className="g-button" disabled={busy} onClick={() => run(() => callMain(taskCollect, { taskId }))}>
        {busy ? t('busy') : t('detail.collect')}
      </button>
    </Outcome>
  );
}
