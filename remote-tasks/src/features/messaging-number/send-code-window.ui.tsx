import { callMessaging, copyText, dateTimeFormat, languageByKey, type PendingCode, type PhoneStatus, simulateInbound, toast, usePhoneForReading, useQuery, useT } from '@grab/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { TASK_PAGES_NS, TASKS_NS } from '../../locales/tasks.locales';
import pageStyles from '../../lib/task-page.module.css';
import { phoneStatusQuery } from './messaging-number.api';
import { phoneInText } from './phone-in-text';
import styles from './messaging-number.module.css';

function localTime(iso: string, tag: string): string {
  return dateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/**
 * The add window (SPEC §4): the code, the numbered steps to send it from the number to our official
 * account, and a wait that asks the server every few seconds. It closes by itself when the code
 * arrives (`onVerified`). Nothing here is a pairing or linked-device code (DESIGN §2.3): the earner
 * sends our code as an ordinary message.
 */
export function SendCodeWindow({
  pending,
  officialAccount,
  simulator,
  onVerified,
  onClose,
  onNewCode,
}: {
  pending: PendingCode;
  officialAccount: string;
  simulator: boolean;
  onVerified: (status: PhoneStatus) => void;
  onClose: () => void;
  onNewCode: () => void;
}) {
  const { t, language } = useT(TASKS_NS);
  const { t: pages } = useT(TASK_PAGES_NS);
  const tag = languageByKey(language).tag;
  const phone = usePhoneForReading(pending.phone);
  const official = usePhoneForReading(officialAccount);
  const titleId = useId();
  const codeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [sending, setSending] = useState(false);
  const { data: status } = useQuery(phoneStatusQuery(pending.phone));
  const verified = status?.state === 'verified';
  const expired = status?.state === 'expired';

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (verified && status) onVerified(status);
  }, [verified, status, onVerified]);

  async function onCopy() {
    if (await copyText(pending.code)) toast.success(pages('ws.copied'));
    else toast.danger(pages('ws.copyFailed'));
  }

  async function onSimulate() {
    setSending(true);
    try {
      await callMessaging(simulateInbound, { phone: pending.phone, text: pending.code });
    } finally {
      setSending(false);
    }
  }

  return (
    <section role="dialog" aria-modal="false" aria-labelledby={titleId} className={`g-card ${pageStyles.stack} ${styles.window}`}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {pages('ws.sendTitle')}
      </h2>
      <p className={pageStyles.outcomeText}>{pages('ws.sendText', { number: phoneInText(phone) })}</p>
      <ol className={pageStyles.steps}>
        <li className={pageStyles.step} data-state="current">
          <span>
            {pages('ws.stepCopy')}
            <span className={styles.codeRow}>
              <output id={codeId} className={styles.code} dir="ltr" aria-label={pages('ws.codeLabel')}>
                {pending.code}
              </output>
              <button type="button" className="g-button g-button--secondary" onClick={onCopy}>
                {pages('ws.copy')}
              </button>
            </span>
          </span>
        </li>
        <li className={pageStyles.step} data-state="current">
          <span>
            {pages('ws.stepSend')}
            <span className={pageStyles.stepNote}>
              {pages('ws.officialAccount')}{' '}
              <bdi dir="ltr" className={styles.account}>
                {official}
              </bdi>
            </span>
            <a href={pending.link} target="_blank" rel="noopener noreferrer" className={`g-button ${styles.openApp}`}>
              {pages('ws.openApp')}
              <span className="g-visually-hidden"> {pages('newTab')}</span>
            </a>
          </span>
        </li>
        <li className={pageStyles.step} data-state={expired ? 'todo' : 'current'}>
          <span>
            {pages('ws.stepReturn')}
            <span className={pageStyles.stepNote}>{pages('ws.closesItself')}</span>
          </span>
        </li>
      </ol>
      <div aria-live="polite" className={styles.wait}>
        {expired ? (
          <p className={styles.fieldError}>{pages('ws.expired')}</p>
        ) : (
          <p className={styles.waiting}>
            <span className={styles.spinner} aria-hidden="true" />
            {pages('ws.waiting', { time: localTime(pending.expiresAt, tag) })}
          </p>
        )}
      </div>
      <div className={pageStyles.actions}>
        {expired ? (
          <button type="button" className="g-button" onClick={onNewCode}>
            {pages('ws.newCode')}
          </button>
        ) : null}
        {simulator && !expired ? (
          <button type="button" className="g-button g-button--secondary" disabled={sending} onClick={onSimulate}>
            {sending ? t('busy') : pages('ws.simulate')}
          </button>
        ) : null}
        <button type="button" className="g-button g-button--secondary" onClick={onClose}>
          {pages('ws.close')}
        </button>
      </div>
    </section>
  );
}
