/// <reference types="@rsbuild/core/types" />
import { copyText, LoadFailed, LoadingBlocks, languageByKey, shareInfoQuery, toast, usePointsText, useQuery, useT } from '@grab/shared';
import { useId } from 'react';
import { registerTeamLocales, TEAM_NS } from '../../locales/team.locales';
import styles from './team.page.module.css';

registerTeamLocales();

/** DESIGN §5: rebates for uplines 1 to 5, in percent of the task reward. */
export const REBATE_RATES = [3, 2, 2, 1, 1] as const;
const REBATE_LEVELS = REBATE_RATES.map((rate, index) => ({ level: index + 1, rate }));

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t: common } = useT();
  const { t } = useT(TEAM_NS);
  async function copy() {
    if (await copyText(value)) toast.success(common('common.copySuccess'));
    else toast.danger(t('copyFailed'));
  }

  return (
    <fieldset className={styles.copyField}>
      <legend className={styles.copyLabel}>{label}</legend>
      <div className={styles.copyRow}>
        {/* Codes and links read left to right even on an Urdu page. */}
        <span className={styles.copyValue} dir="ltr">
          {value}
        </span>
        <button type="button" className={styles.copyButton} aria-label={copyLabel} onClick={copy}>
          {common('common.copy')}
        </button>
      </div>
    </fieldset>
  );
}

/** The /team tab: invitation code, share link, team counts and how bonuses work (remote_team/TeamPage). */
export default function TeamPage() {
  const { t, language, ready } = useT(TEAM_NS);
  const { t: common } = useT();
  // The host may have asked already while this remote downloaded (preload): the cache has it then.
  const { data, isError, refetch } = useQuery(shareInfoQuery());
  const statsId = useId();
  const rebatesId = useId();
  const points = usePointsText();
  const percent = new Intl.NumberFormat(languageByKey(language).tag, { style: 'percent' });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function share(code: string, url: string) {
    try {
      await navigator.share({ title: common('common.appName'), text: t('shareText', { code }), url });
    } catch (shareError) {
      // Closing the share sheet is not a failure worth a toast.
      if ((shareError as { name?: string } | null)?.name !== 'AbortError') toast.danger(t('copyFailed'));
    }
  }

  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if (!ready || (!data && !isError)) {
    return (
      <div className="g-page">
        <LoadingBlocks blockSize="16rem" />
      </div>
    );
  }

  if (!data) {
    return (
      <div className="g-page">
        <h1 className={styles.title}>{t('title')}</h1>
        <LoadFailed message={t('error')} onRetry={() => void refetch()} />
      </div>
    );
  }

  return (
    <div className="g-page">
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>

      <div className={`g-card ${styles.card}`}>
        <CopyRow label={t('inviteCode')} value={data.inviteCode} copyLabel={t('copyCode')} />
        <CopyRow label={t('shareLink')} value={data.shareLink} copyLabel={t('copyLink')} />
        {canShare ? (
          <button type="button" className={styles.primary} onClick={() => share(data.inviteCode, data.shareLink)}>
            {t('share')}
          </button>
        ) : null}
      </div>

      <section className={`g-card ${styles.card}`} aria-labelledby={statsId}>
        <h2 id={statsId} className={styles.heading}>
          {t('stats')}
        </h2>
        <dl className="g-figures">
          <div className={`g-figure ${styles.stat}`}>
            <dt>{t('directInvites')}</dt>
            <dd>{data.directInvites.toLocaleString(languageByKey(language).tag)}</dd>
          </div>
          <div className={`g-figure ${styles.stat}`}>
            <dt>{t('totalInvites')}</dt>
            <dd>{data.totalInvites.toLocaleString(languageByKey(language).tag)}</dd>
          </div>
          <div className={`g-figure ${styles.stat}`}>
            <dt>{t('totalBonus')}</dt>
            <dd>{points(data.totalBonus)}</dd>
          </div>
          <div className={`g-figure ${styles.stat}`}>
            <dt>{t('todayBonus')}</dt>
            <dd>{points(data.todayBonus)}</dd>
          </div>
        </dl>
      </section>

      <section className={`g-card ${styles.card}`} aria-labelledby={rebatesId}>
        <h2 id={rebatesId} className={styles.heading}>
          {t('rebatesTitle')}
        </h2>
        <p className={styles.muted}>{t('rebatesIntro')}</p>
        <ul className={styles.rates}>
          {REBATE_LEVELS.map(({ level, rate }) => (
            <li key={level} className={styles.rate}>
              <span>{level === 1 ? t('rebateLevelOne') : t('rebateLevel', { level })}</span>
              <strong>{percent.format(rate / 100)}</strong>
            </li>
          ))}
        </ul>
        <p className={styles.muted}>{t('rebatesNote')}</p>
      </section>
    </div>
  );
}
