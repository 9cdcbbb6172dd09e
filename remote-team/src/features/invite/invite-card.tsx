import { copyText, toast, useT } from '@grab/shared';
import { useEffect, useId, useState } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import { shortLinkParts } from './share-link';
import styles from './invite.module.css';

async function copyWithToast(value: string, done: string, failed: string) {
  if (await copyText(value)) toast.success(done);
  else toast.danger(failed);
}

/** How long Copy says "Copied" before it offers itself again. */
export const COPIED_MS = 2_000;

/** `shown` may be cut with an ellipsis on a narrow screen; `shownTail` (a code, alone or at a link's end) never is. */
function CopyRow({ label, value, shown = '', shownTail = '', copyLabel }: { label: string; value: string; shown?: string; shownTail?: string; copyLabel: string }) {
  const { t: common } = useT();
  const { t } = useT(TEAM_NS);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    // The button itself confirms, where the earner is looking; only a failure needs a toast.
    if (await copyText(value)) setCopied(true);
    else toast.danger(t('copyFailed'));
  }

  return (
    <fieldset className={styles.copyField}>
      <legend className={styles.copyLabel}>{label}</legend>
      <div className={styles.copyRow}>
        {/* Codes and links read left to right even on an Urdu page. */}
        <span className={styles.copyValue} dir="ltr">
          {shown ? <span className={styles.copyHead}>{shown}</span> : null}
          {shownTail ? <span className={styles.copyTail}>{shownTail}</span> : null}
        </span>
        <button type="button" className={styles.copyButton} aria-label={copyLabel} data-copied={copied} onClick={copy}>
          {copied ? t('copied') : common('common.copy')}
        </button>
        <span className="g-visually-hidden" role="status">
          {copied ? t('copied') : ''}
        </span>
      </div>
    </fieldset>
  );
}

/** The invitation code and link, each with Copy, and Share: the native sheet, or a copy where there is none. */
export function InviteCard({ inviteCode, shareLink }: { inviteCode: string; shareLink: string }) {
  const { t } = useT(TEAM_NS);
  const { t: common } = useT();
  const headingId = useId();
  const link = shortLinkParts(shareLink);

  async function share() {
    if (typeof navigator.share !== 'function') {
      await copyWithToast(shareLink, t('linkCopied'), t('copyFailed'));
      return;
    }
    try {
      await navigator.share({ title: common('common.appName'), text: t('shareText', { code: inviteCode }), url: shareLink });
    } catch (shareError) {
      // Closing the share sheet is not a failure worth a toast.
      if ((shareError as { name?: string } | null)?.name !== 'AbortError') toast.danger(t('copyFailed'));
    }
  }

  return (
    <section className={`g-card ${section.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        {t('inviteTitle')}
      </h2>
      <CopyRow label={t('inviteCode')} value={inviteCode} shownTail={inviteCode} copyLabel={t('copyCode')} />
      <CopyRow label={t('shareLink')} value={shareLink} shown={link.head} shownTail={link.tail} copyLabel={t('copyLink')} />
      <button type="button" className="g-button" onClick={share}>
        {t('share')}
      </button>
    </section>
  );
}
