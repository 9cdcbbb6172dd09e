import { languageByKey, usePointsText, useT } from '@grab/shared';
import type { LevelInfo } from '@grab/shared/contracts';
import { useId } from 'react';
import { TEAM_NS } from '../../locales/team.locales';
import styles from './levels.module.css';

function Bar({ label, have, need, text }: { label: string; have: number; need: number; text: string }) {
  const { t } = useT(TEAM_NS);
  const labelId = useId();
  // "3 of 0" says nothing, and a full bar would claim progress that was never asked for: a figure
  // the next level does not ask for is said to be not needed, with no bar.
  if (need <= 0) {
    return (
      <div className={styles.bar}>
        <div className={styles.barLabels}>
          <span>{label}</span>
          <span className={styles.barText}>{t('levels.notNeeded')}</span>
        </div>
      </div>
    );
  }
  const percent = Math.min(100, Math.floor((have / need) * 100));
  return (
    <div className={styles.bar}>
      <div className={styles.barLabels}>
        <span id={labelId}>{label}</span>
        <span className={styles.barText}>{text}</span>
      </div>
      <div className={styles.track} role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The way to the next level, in both units that decide it: task points and active invitees. */
export function LevelProgress({ info }: { info: LevelInfo }) {
  const { t, language } = useT(TEAM_NS);
  const points = usePointsText();
  const tag = languageByKey(language).tag;
  const { next } = info;
  if (!next) return <p className={styles.top}>{t('levels.top')}</p>;
  return (
    <div className={styles.progress}>
      <p className={styles.nextTitle}>{t('levels.toNext', { level: next.level })}</p>
      <Bar
        label={t('levels.taskPoints')}
        have={info.taskPoints}
        need={next.minTaskPoints}
        text={t('levels.ofNeeded', { have: points(info.taskPoints), need: points(next.minTaskPoints) })}
      />
      <Bar
        label={t('levels.activeInvitees')}
        have={info.activeInvitees}
        need={next.minActiveInvitees}
        text={t('levels.ofNeeded', { have: info.activeInvitees.toLocaleString(tag), need: next.minActiveInvitees.toLocaleString(tag) })}
      />
      <p className={styles.hint}>{t('levels.activeHint')}</p>
    </div>
  );
}
