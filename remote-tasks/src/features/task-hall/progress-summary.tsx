import {
  assetInfoQuery,
  formatMoney,
  languageByKey,
  levelInfoQuery,
  Link,
  OnwardArrow,
  PATHS,
  PointsAmount,
  type Task,
  usePointsText,
  useQuery,
  useT,
  useWorthCurrency,
} from '@grab/shared';
import { useId } from 'react';
import { TASKS_NS } from '../../locales/tasks.locales';
import { taskDetailHref } from '../../lib/step-navigation.lib';
import { KindIcon } from './kind-icon';
import styles from './progress-summary.module.css';

// The host asks for these figures with the task list when /home is the first screen; the card
// takes such a fresh answer as it is instead of asking again on mount. Every credit or debit on this
// device invalidates them at once, whatever their age.
const HOME_FIGURES_FRESH_MS = 5_000;

/** How far the earner is on the way to the next level, 0–100: the smaller of its two requirements. */
export function percentToNext(have: { points: number; invitees: number }, need: { points: number; invitees: number }): number {
  const part = (h: number, n: number) => (n <= 0 ? 100 : Math.min(100, Math.floor((h / n) * 100)));
  return Math.min(part(have.points, need.points), part(have.invitees, need.invitees));
}

function LevelLine() {
  const { t, language } = useT(TASKS_NS);
  const points = usePointsText();
  const labelId = useId();
  const { data } = useQuery({ ...levelInfoQuery(), staleTime: HOME_FIGURES_FRESH_MS });
  // Holds the line's height while it loads, so the task list below does not move when it comes.
  if (!data) return <div className={styles.levelPlaceholder} aria-hidden="true" />;
  const { next } = data;
  const percent = next ? percentToNext({ points: data.taskPoints, invitees: data.activeInvitees }, { points: next.minTaskPoints, invitees: next.minActiveInvitees }) : 100;
  const count = (n: number) => n.toLocaleString(languageByKey(language).tag);
  const parts = next
    ? [
        next.minTaskPoints > 0 ? t('summary.pointsToNext', { have: points(data.taskPoints), need: points(next.minTaskPoints) }) : null,
        next.minActiveInvitees > 0 ? t('summary.friendsToNext', { have: count(data.activeInvitees), need: count(next.minActiveInvitees) }) : null,
      ].filter(Boolean)
    : [t('summary.topLevel')];
  return (
    <div className={styles.level}>
      {data.unseenLevelUp ? (
        <p className={styles.levelUp} role="status" data-testid="home-level-up">
          <strong>{t('summary.levelUp', { level: data.unseenLevelUp })}</strong>{' '}
          <Link to={PATHS.userLevel}>{t('summary.levelUpLink')}</Link>
        </p>
      ) : null}
      <Link to={PATHS.userLevel} className={styles.levelLink} data-testid="home-level">
        <span className={styles.levelBadge}>{t('lockedLevel', { level: data.level })}</span>
        <span className={styles.levelText}>
          <span id={labelId}>{next ? t('summary.toLevel', { level: next.level }) : t('summary.level')}</span>
          <span
            className={styles.track}
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={parts.join(' · ')}
          >
            <span className={styles.fill} style={{ inlineSize: `${percent}%` }} />
          </span>
          {/* The progress bar's value text says it to a screen reader: the link's name says it once. */}
          <span className={styles.levelParts} aria-hidden="true">
            {parts.join(' · ')}
          </span>
        </span>
        <OnwardArrow className={styles.chevron} />
      </Link>
    </div>
  );
}

/**
 * The top of Home: what the earner has (balance and its worth in the account's currency), what
 * today brought, the level and the way to the next one, and the gift-code box one tap away.
 */
export function ProgressSummary({ tasks }: { tasks: readonly Task[] | undefined }) {
  const { t, language } = useT(TASKS_NS);
  const titleId = useId();
  const { data: asset } = useQuery({ ...assetInfoQuery(), staleTime: HOME_FIGURES_FRESH_MS });
  const currency = useWorthCurrency();
  const redeem = tasks?.find((task) => task.kind === 'redeemCode' && !task.locked);

  return (
    <section className={`g-card ${styles.card}`} aria-labelledby={titleId} data-testid="progress-summary">
      <h2 id={titleId} className="g-visually-hidden">
        {t('summary.title')}
      </h2>
      {asset ? (
        <dl className={styles.figures}>
          <div>
            <dt>{t('summary.balance')}</dt>
            <dd className={styles.balance} data-testid="home-balance">
              <PointsAmount hundredths={asset.balance} />
            </dd>
            {currency ? (
              <dd className={styles.worth} data-testid="home-worth">
                {t('summary.worth', { money: formatMoney(asset.balance, currency, language) })}
              </dd>
            ) : null}
          </div>
          <div>
            <dt>{t('summary.today')}</dt>
            <dd className={styles.today} data-testid="home-today">
              <PointsAmount hundredths={asset.todayEarnings} signed />
            </dd>
          </div>
        </dl>
      ) : (
        // The list below says it is loading; this keeps the card's height meanwhile.
        <div className={styles.placeholder} aria-hidden="true" />
      )}
      <LevelLine />
      {redeem ? (
        <Link to={taskDetailHref(redeem)} className={styles.redeem} data-testid="home-redeem">
          <KindIcon kind="redeemCode" size={20} />
          <span>{t('summary.redeem')}</span>
        </Link>
      ) : null}
    </section>
  );
}
