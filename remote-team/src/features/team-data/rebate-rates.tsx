import { languageByKey, numberFormat, useT } from '@grab/shared';
import { useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import styles from './team-data.module.css';

/** The rebate of each team level, as the operator configured it (basis points: 300 = 3 %). */
export function RebateRates({ rebateBps }: { rebateBps: readonly number[] }) {
  const { t, language } = useT(TEAM_NS);
  const headingId = useId();
  const percent = numberFormat(languageByKey(language).tag, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className={`g-card ${section.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        {t('rebatesTitle')}
      </h2>
      <p className={section.muted}>{t('rebatesIntro')}</p>
      <ul className={styles.rates}>
        {rebateBps.map((bps, index) => {
          const depth = index + 1;
          return (
            <li key={depth} className={styles.rate}>
              <span>{depth === 1 ? t('rebateLevelOne') : t('rebateLevel', { level: depth })}</span>
              <strong>{percent.format(bps / 10_000)}</strong>
            </li>
          );
        })}
      </ul>
      <p className={section.muted}>{t('rebatesNote')}</p>
    </section>
  );
}
