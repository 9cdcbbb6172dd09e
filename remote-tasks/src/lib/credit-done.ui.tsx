import { type Credit, usePointsText, useT } from '@grab/shared';
import { useEffect, useRef } from 'react';
import { TASKS_NS } from '../locales/tasks.locales';
import styles from './task-page.module.css';

/** What a credit brought, in the server's figures; focused so that a screen reader reads it out. */
export function CreditDone({ credit, children }: { credit: Credit; children?: React.ReactNode }) {
  const { t } = useT(TASKS_NS);
  const points = usePointsText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`g-card ${styles.outcome}`} data-tone="success" aria-live="polite">
      <h2 ref={heading} tabIndex={-1} className={styles.outcomeTitle}>
        {t('credit.title', { points: points(credit.reward) })}
      </h2>
      <p className={styles.outcomeText}>{t('credit.balance', { balance: points(credit.balance) })}</p>
      {children}
    </section>
  );
}
