import { languageByKey, Link, PATHS, type ShareInfo, usePointsText, useT } from '@grab/shared';
import { useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import section from '../../ui/section.module.css';
import styles from './team-data.module.css';

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
        <div className="g-figure">
          <dt>{t('totalInvites')}</dt>
          <dd>{count(info.totalInvites)}</dd>
        </div>
        <div className="g-figure">
          <dt>{t('directInvites')}</dt>
          <dd>{count(info.directInvites)}</dd>
        </div>
        <div className="g-figure">
          <dt>{t('myLevel')}</dt>
          <dd>
            <Link to={PATHS.userLevel} className={styles.levelLink}>
              {t('levelValue', { level: info.level })}
              <span className="g-visually-hidden">{t('levelsLink')}</span>
              <span aria-hidden="true" className={styles.chevron}>
                ›
              </span>
            </Link>
          </dd>
        </div>
        <div className="g-figure">
          <dt>{t('myInviter')}</dt>
          <dd>
            {info.inviter ? (
              <>
                <span dir="ltr">{info.inviter.maskedPhone}</span> <span className={styles.badge}>{t('levelValue', { level: info.inviter.level })}</span>
              </>
            ) : (
              <span className={styles.none}>{t('noInviter')}</span>
            )}
          </dd>
        </div>
      </dl>
      <dl className="g-figures">
        <div className="g-figure">
          <dt>{t('totalBonus')}</dt>
          <dd>{points(info.totalBonus)}</dd>
        </div>
        <div className="g-figure">
          <dt>{t('todayBonus')}</dt>
          <dd>{points(info.todayBonus)}</dd>
        </div>
        <div className="g-figure">
          <dt>{t('yesterdayBonus')}</dt>
          <dd>{points(info.yesterdayBonus)}</dd>
        </div>
        <div className="g-figure">
          <dt>{t('directBonus')}</dt>
          <dd>{points(info.directBonus)}</dd>
        </div>
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
