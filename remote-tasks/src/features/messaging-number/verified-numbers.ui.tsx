import { callMessaging, confirmDialog, deleteWsAccount, toast, usePhoneForReading, usePointsText, useT, type VerifiedNumber } from '@grab/shared';
import { useId, useState } from 'react';
import { TASK_PAGES_NS } from '../../locales/tasks.locales';
import { numbersChanged } from './messaging-number.api';
import styles from './messaging-number.module.css';
import { phoneInText } from './phone-in-text';

function NumberRow({ number }: { number: VerifiedNumber }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const points = usePointsText();
  const phone = usePhoneForReading(number.phone);
  const [busy, setBusy] = useState(false);

  async function onDelete() {
    const ok = await confirmDialog({
      title: pages('ws.deleteTitle'),
      message: pages('ws.deleteText', { number: phoneInText(phone) }),
      confirmLabel: pages('ws.delete'),
      cancelLabel: pages('ws.keep'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      if (await callMessaging(deleteWsAccount, { phone: number.phone })) {
        toast.success(pages('ws.deleted'));
        await numbersChanged();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.number}>
      <span className={styles.numberText}>
        <span className={styles.numberMain}>
          <bdi dir="ltr" className={styles.numberPhone}>
            {phone}
          </bdi>
          <span className={styles.presence} data-online={number.online}>
            {number.online ? pages('ws.online') : pages('ws.offline')}
          </span>
        </span>
        {number.reward > 0 ? <span className={styles.numberReward}>{pages('ws.earned', { points: points(number.reward) })}</span> : null}
      </span>
      <button type="button" className="g-button g-button--secondary" disabled={busy} onClick={onDelete} aria-label={pages('ws.deleteNumber', { number: phone })}>
        {pages('ws.delete')}
      </button>
    </li>
  );
}

/** The earner's verified numbers, online or offline, each with delete after a confirm. */
export function VerifiedNumbers({ numbers }: { numbers: readonly VerifiedNumber[] }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const titleId = useId();
  return (
    <section className="g-card" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {pages('ws.listTitle')}
      </h2>
      {numbers.length === 0 ? (
        <p className={styles.empty}>{pages('ws.listEmpty')}</p>
      ) : (
        <ul className={styles.numbers}>
          {numbers.map((number) => (
            <NumberRow key={number.phone} number={number} />
          ))}
        </ul>
      )}
    </section>
  );
}
