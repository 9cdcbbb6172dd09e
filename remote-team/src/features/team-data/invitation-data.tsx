import { languageByKey, Link, OnwardArrow, PATHS, PointsAmount, type ShareInfo, usePointsText, useT } from '@grab/shared';
import { type ReactNode, useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import styles from './team-data.module.css';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="g-figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Invitation data: the team's size, who invited the earner, their level and the bonuses, held ones apart. */
export function InvitationData({ info }: { info: ShareInfo }) {
  const { t, language } = useT(TEAM_NS);
  const points = usePointsText();
  const headingId = useId();
  const count = (n: number) => n.toLocaleString(languageByKey(language).tag);

  return (
    <section className={`g-card ${section.card}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={section.heading}>
        {t('stats')}
      </h2>
      <dl className="g-figures">
        <Figure label={t('totalInvites')}>{count(info.totalInvites)}</Figure>
        <Figure label={t('directInvites')}>{count(info.directInvites)}</Figure>
        <Figure label={t('myLevel')}>
          <Link to={PATHS.userLevel} className={styles.levelLink}>
            {t('levelValue', { level: info.level })}
            <span className="g-visually-hidden">{t('levelsLink')}</span>
            <OnwardArrow />
          </Link>
        </Figure>
        <Figure label={t('myInviter')}>
          {info.inviter ? (
            <>
              <span dir="ltr">{info.inviter.maskedPhone}</span> <span className={styles.badge}>{t('levelValue', { level: info.inviter.level })}</span>
            </>
          ) : (
            <span className={styles.none}>{t('noInviter')}</span>
          )}
        </Figure>
      </dl>
      <dl className="g-figures">
        <Figure label={t('totalBonus')}><PointsAmount hundredths={info.totalBonus} /></Figure>
        <Figure label={t('todayBonus')}><PointsAmount hundredths={info.todayBonus} /></Figure>
        <Figure label={t('yesterdayBonus')}><PointsAmount hundredths={info.yesterdayBonus} /></Figure>
        <Figure label={t('directBonus')}><PointsAmount hundredths={info.directBonus} /></Figure>
      </dl>
      {info.heldBonus > 0 ? (
        <div className={styles.held} data-testid="held-bonus">
          <p className={styles.heldAmount}>
            <span className={styles.heldLabel}>{t('heldBonus')}</span> <strong>{points(info.heldBonus)}</strong>
          </p>
          <p className={styles.heldReason}>{t('heldReason')}</p>
        </div>
      ) : null}
    </section>
  );
}
