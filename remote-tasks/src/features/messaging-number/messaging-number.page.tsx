import { directionOf, type AppInfo, LoadFailed, LoadingBlocks, type PendingCode, type PhoneStatus, usePhoneForReading, usePointsText, useQuery, useT } from '@grab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TASK_PAGES_NS, } from '../../locales/tasks.locales';
import { TaskPage, WhenTextsReady } from '../../lib/task-page.ui';
import pageStyles from '../../lib/task-page.module.css';
import { AddNumberForm } from './add-number-form.ui';
import { appInfoQuery, numbersChanged, waitingCodeQuery } from './messaging-number.api';
import styles from './messaging-number.module.css';
import { phoneInText } from './phone-in-text';
import { SendCodeWindow } from './send-code-window.ui';
import { VerifiedNumbers } from './verified-numbers.ui';

function Summary({ info }: { info: AppInfo }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const points = usePointsText();
  return (
    <section className={`g-card ${pageStyles.stack}`} aria-label={pages('ws.summary')}>
      {info.reward > 0 ? (
        <p className={styles.figure}>
          <span>{pages('ws.rewardLabel')}</span>
          <strong>{points(info.reward)}</strong>
        </p>
      ) : null}
      <p className={styles.figure}>
        <span>{pages('ws.todayLabel')}</span>
        <strong>{pages('ws.todayValue', { earned: points(info.earnedToday), cap: points(info.dailyCap) })}</strong>
      </p>
      <p className={styles.note}>{pages('ws.onceNote')}</p>
      {info.eligibility ? (
        <p className={styles.note}>
          <strong>{pages('ws.eligibility')}</strong> <span dir={directionOf(info.eligibility)}>{info.eligibility}</span>
        </p>
      ) : null}
    </section>
  );
}

/** The line that replaces the closed window: what was verified and what it earned. */
function Verified({ status }: { status: PhoneStatus }) {
  const { t: pages } = useT(TASK_PAGES_NS);
  const points = usePointsText();
  const phone = usePhoneForReading(status.phone);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  let text = pages('ws.verifiedNoReward');
  if (status.reward > 0) text = pages('ws.verifiedReward', { points: points(status.reward) });
  else if (status.capped) text = pages('ws.verifiedCapped');
  return (
    <section className={`g-card ${pageStyles.outcome}`} data-tone="success" role="status">
      <p ref={ref} tabIndex={-1} className={pageStyles.outcomeTitle}>
        {pages('ws.verifiedTitle', { number: phoneInText(phone) })}
      </p>
      <p className={pageStyles.outcomeText}>{text}</p>
    </section>
  );
}

function MessagingNumber() {
  const { t: pages } = useT(TASK_PAGES_NS);
  const info = useQuery(appInfoQuery());
  const waiting = useQuery(waitingCodeQuery());
  // The code on screen: one just asked for, or one still waiting from an earlier visit.
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [verified, setVerified] = useState<PhoneStatus | null>(null);
  const shown = pending ?? (dismissed ? null : (waiting.data ?? null));

  const onCode = useCallback((code: PendingCode) => {
    setVerified(null);
    setPending(code);
  }, []);
  const onVerified = useCallback((status: PhoneStatus) => {
    // SPEC §4: the add window closes by itself once the code has arrived.
    setPending(null);
    setDismissed(true);
    setVerified(status);
    void numbersChanged();
  }, []);
  const onClose = useCallback(() => {
    setPending(null);
    setDismissed(true);
  }, []);

  if (!info.data) {
    return info.isError ? <LoadFailed message={pages('ws.error')} onRetry={() => void info.refetch()} /> : <LoadingBlocks count={3} blockSize="7rem" />;
  }
  return (
    <>
      <Summary info={info.data} />
      {verified ? <Verified status={verified} /> : null}
      {shown ? (
        <SendCodeWindow
          key={`${shown.phone}-${shown.code}`}
          pending={shown}
          officialAccount={info.data.officialAccount}
          simulator={info.data.simulator}
          onVerified={onVerified}
          onClose={onClose}
          onNewCode={onClose}
        />
      ) : (
        <AddNumberForm onCode={onCode} />
      )}
      <VerifiedNumbers numbers={info.data.numbers} />
    </>
  );
}

/** /wsTask: prove a messaging number is yours by sending our one-time code from it to our official account. */
export default function MessagingNumberPage() {
  return (
    <WhenTextsReady>
      <Frame />
    </WhenTextsReady>
  );
}

function Frame() {
  const { t: pages } = useT(TASK_PAGES_NS);
  return (
    <TaskPage title={pages('ws.title')}>
      <p className={pageStyles.outcomeText}>{pages('ws.intro')}</p>
      <MessagingNumber />
    </TaskPage>
  );
}
