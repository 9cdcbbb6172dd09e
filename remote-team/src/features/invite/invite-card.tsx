import { CopyField, copyText, toast, useT } from '@grab/shared';
import { useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';

async function copyWithToast(value: string, done: string, failed: string) {
  if (await copyText(value)) toast.success(done);
  else toast.danger(failed);
}

/** The invitation code and link, each with Copy, and Share: the native sheet, or a copy where there is none. */
export function InviteCard({ inviteCode, shareLink }: { inviteCode: string; shareLink: string }) {
  const { t } = useT(TEAM_NS);
  const { t: common } = useT();
  const headingId = useId();

  async function share() {
    if (typeof navigator.share !== 'function') {
      await copyWithToast(shareLink, t('linkCopied'), common('common.copyFailed'));
      return;
    }
    try {
      await navigator.share({ title: common('common.appName'), text: t('shareText', { code: inviteCode }), url: shareLink });
    } catch (shareError) {
      // Closing the share sheet is not a failure worth a toast.
      if ((shareError as { name?: string } | null)?.name !== 'AbortError') toast.danger(common('common.copyFailed'));
    }
  }

  return (
    <section className={`g-card ${section.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        {t('inviteTitle')}
      </h2>
      <CopyField label={t('inviteCode')} value={inviteCode} copyLabel={t('copyCode')} />
      <CopyField label={t('shareLink')} value={shareLink} link copyLabel={t('copyLink')} />
      <button type="button" className="g-button" onClick={share}>
        {t('share')}
      </button>
    </section>
  );
}
