import { CopyField, copyText, toast, useT } from '@grab/shared';
import { useId } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import { shareLink } from '../../lib/share-link.lib';
import pageStyles from '../../lib/task-page.module.css';

/**
 * The earner's own invitation link, beside the upload of a task that asks them to post it (a
 * status): Copy, and Share where the phone has a share sheet (elsewhere Copy already does it all).
 */
export function InviteLink({ link }: { link: string }) {
  const { t } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const headingId = useId();
  const canShare = typeof navigator.share === 'function';

  async function share() {
    const outcome = await shareLink(link, pages('audit.inviteShareText'), { share: (data) => navigator.share(data), copy: copyText });
    if (outcome === 'copied') toast.success(t('share.copied'));
    else if (outcome === 'failed') toast.danger(t('share.copyFailed'));
  }

  return (
    <section className={`g-card ${pageStyles.stack}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={pageStyles.outcomeTitle}>
        {pages('audit.inviteTitle')}
      </h2>
      <p className={pageStyles.outcomeText}>{pages('audit.inviteText')}</p>
      <CopyField label={pages('audit.inviteLabel')} value={link} link copyLabel={pages('audit.copyInvite')} />
      {canShare ? (
        <button type="button" className="g-button g-button--secondary" onClick={() => void share()}>
          {pages('audit.shareInvite')}
        </button>
      ) : null}
    </section>
  );
}
