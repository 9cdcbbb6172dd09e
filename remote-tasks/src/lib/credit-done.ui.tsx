import { type Credit, usePointsText, useT } from '@grab/shared';
import { useEffect, useRef, useState } from 'react';
import { TASKS_NS } from '../locales/tasks.locales';
import styles from './task-page.module.css';

/**
 * How long what follows a credit ignores taps. The credit replaces the Collect button in place, so
 * the second tap of a double tap (common on a slow phone) would otherwise land on "Back to tasks"
 * and leave the page before the earner saw what was credited.
 */
export const FOLLOW_UP_GUARD_MS = 700;

/** What a credit brought, in the server's figures; focused so that a screen reader reads it out. */
export function CreditDone({ credit, children }: { credit: Credit; children?: React.ReactNode }) {
  const { t } = useT(TASKS_NS);
  const points = usePointsText();
  const heading = useRef<HTMLHeadingElement>(null);
  const [armed, setArmed] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), FOLLOW_UP_GUARD_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className={`g-card ${styles.outcome}`} data-tone="success" aria-live="polite">
      <h2 ref={heading} tabIndex={-1} className={styles.outcomeTitle}>
        {t('credit.title', { points: points(credit.reward) })}
      </h2>
      <p className={styles.outcomeText}>{t('credit.balance', { balance: points(credit.balance) })}</p>
      {children ? (
        <div className={styles.outcomeActions} inert={!armed} data-armed={armed}>
          {children}
        </div>
      ) : null}
    </section>
  );
}
