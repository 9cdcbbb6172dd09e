/// <reference types="@rsbuild/core/types" />
import { BackButton, LoadFailed, LoadingBlocks, languageByKey, PATHS, usePointsText, useQuery, useT } from '@grab/shared';
import type { LevelRule } from '@grab/shared/contracts';
import { useId } from 'react';
import { registerTeamLocales, TEAM_NS } from '../../locales/team.locales';
import { LevelProgress } from './level-progress';
import { LevelUpNotice } from './level-up-notice';
import { levelInfoQuery } from './levels.queries';
import styles from './levels.module.css';

registerTeamLocales();

function LevelItem({ rule, current }: { rule: LevelRule; current: boolean }) {
  const { t, language } = useT(TEAM_NS);
  const points = usePointsText();
  const titleId = useId();
  return (
    <li className={styles.level} aria-labelledby={titleId} aria-current={current ? 'true' : undefined} data-current={current}>
      <div className={styles.levelHead}>
        <h3 id={titleId} className={styles.levelName}>
          {t('levelValue', { level: rule.level })}
        </h3>
        {current ? <span className={styles.currentBadge}>{t('levels.yours')}</span> : null}
      </div>
      <p className={styles.needs}>
        {rule.level === 1
          ? t('levels.everyone')
          : rule.minActiveInvitees === 0
            ? t('levels.needsPointsOnly', { points: points(rule.minTaskPoints) })
            : t('levels.needs', {
              points: points(rule.minTaskPoints),
              // The number picks the plural form; the text shows it grouped the language's way.
              count: rule.minActiveInvitees,
              invitees: rule.minActiveInvitees.toLocaleString(languageByKey(language).tag),
            })}
      </p>
      <ul className={styles.rights}>
        {rule.rights.map((right) => (
          <li key={right}>{t(`levels.rights.${right}`)}</li>
        ))}
        {rule.level > 1 ? <li className={styles.keeps}>{t('levels.keeps', { level: rule.level - 1 })}</li> : null}
      </ul>
    </li>
  );
}

/** /userLevel: the eleven levels, what each needs and adds, and the earner's way to the next (remote_team/LevelPage). */
export default function LevelPage() {
  const { t, ready } = useT(TEAM_NS);
  const { data, isError, refetch } = useQuery(levelInfoQuery());
  const listId = useId();

  let body: React.ReactNode;
  if (!ready || (!data && !isError)) body = <LoadingBlocks blockSize="10rem" count={2} />;
  else if (!data) body = <LoadFailed message={t('levels.error')} onRetry={() => void refetch()} />;
  else
    body = (
      <>
        <LevelUpNotice />
        <section className={`g-card ${styles.current}`} aria-label={t('levels.current')}>
          <p className={styles.currentLabel}>{t('levels.current')}</p>
          <p className={styles.currentLevel} data-testid="current-level">
            {t('levelValue', { level: data.level })}
          </p>
          <LevelProgress info={data} />
        </section>
        <section className={styles.all} aria-labelledby={listId}>
          <h2 id={listId} className={styles.allTitle}>
            {t('levels.all')}
          </h2>
          <ol className={styles.levels}>
            {data.levels.map((rule) => (
              <LevelItem key={rule.level} rule={rule} current={rule.level === data.level} />
            ))}
          </ol>
        </section>
      </>
    );

  return (
    <div className="g-page">
      <BackButton fallback={PATHS.user} />
      <h1 className={styles.title}>{ready ? t('levels.title') : ''}</h1>
      {body}
    </div>
  );
}
