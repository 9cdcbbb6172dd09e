/// <reference types="@rsbuild/core/types" />
import { assetInfoQuery, BackButton, languageByKey, LoadFailed, LoadingBlocks, PATHS, PointsAmount, usePointsText, useQuery, useT } from '@grab/shared';
import { EARNING_KINDS, type AssetInfo, type EarningKind } from '@grab/shared/contracts';
import { useId, useState } from 'react';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { formatWhen } from '../pay/money';
import { EARNINGS_PAGE_SIZE, earningsLogQuery, hasMore, pageNumbers } from '../pay/pay.queries';
import { Tabs } from '../pay/tabs';
import styles from './earnings.module.css';

registerWalletLocales();

type Filter = EarningKind | 'all';

/** Two weeks of daily earnings as bars; the same figures are a table for screen readers. */
function DailyChart({ days }: { days: AssetInfo['dailyEarnings'] }) {
  const { t, language } = useT(WALLET_NS);
  const points = usePointsText();
  const titleId = useId();
  const tag = languageByKey(language).tag;
  const highest = Math.max(1, ...days.map((d) => d.amount));
  const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (
    <section className={`g-card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.heading}>
        {t('earnings.daily')}
      </h2>
      <div className={styles.chart} aria-hidden="true">
        {days.map((d) => (
          <div key={d.date} className={styles.barSlot} title={`${dayLabel(d.date)}: ${points(d.amount)}`}>
            <div className={styles.bar} style={{ blockSize: `${Math.max(2, (d.amount / highest) * 100)}%` }} data-empty={d.amount === 0} />
          </div>
        ))}
      </div>
      <div className={styles.axis} aria-hidden="true">
        <span>{days[0] ? dayLabel(days[0].date) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)?.date ?? '') : ''}</span>
      </div>
      {/* Hidden by a box around it (visually-hidden.css in @grab/shared says why). */}
      <div className="g-visually-hidden">
        <table>
          <caption>{t('earnings.daily')}</caption>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayLabel(d.date)}</th>
                <td>{points(d.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function EntriesChunk({ kind, page, last, onMore }: { kind: Filter; page: number; last: boolean; onMore: () => void }) {
  const { t, language } = useT(WALLET_NS);
  const points = usePointsText();
  const { data, isError, refetch } = useQuery(earningsLogQuery(kind, page));
  if (isError) return <LoadFailed message={t('earnings.error')} onRetry={() => void refetch()} />;
  if (!data) return <LoadingBlocks blockSize="5rem" />;
  if (page === 1 && data.items.length === 0) return <p className={styles.empty}>{t('earnings.empty')}</p>;
  return (
    <>
      <ul className={styles.entries}>
        {data.items.map((entry) => (
          <li key={entry.id} className={styles.entry} data-testid="entry">
            <div>
              <p className={styles.reason}>{t(`earnings.reasons.${entry.reason}`)}</p>
              <p className={styles.when}>{formatWhen(entry.createdAt, language)}</p>
            </div>
            {/* Signed through the points text, so Urdu reads the figure first and keeps its sign before it. */}
            <p className={entry.amount < 0 ? styles.debit : styles.credit}>{points(entry.amount, { signed: true })}</p>
          </li>
        ))}
      </ul>
      {last && hasMore(page, EARNINGS_PAGE_SIZE, data.total) ? (
        <button type="button" className="g-button g-button--secondary" onClick={onMore}>
          {t('loadMore')}
        </button>
      ) : null}
    </>
  );
}

/** /earningsDetails: totals, a daily series and every entry, filterable by kind (remote_wallet/EarningsPage). */
export default function EarningsPage() {
  const { t, ready } = useT(WALLET_NS);
  const asset = useQuery(assetInfoQuery());
  const [kind, setKind] = useState<Filter>('all');
  const [pages, setPages] = useState(1);

  let figures: React.ReactNode;
  if (!ready || asset.isPending) figures = <LoadingBlocks blockSize="8rem" />;
  else if (!asset.data) figures = <LoadFailed message={t('earnings.error')} onRetry={() => void asset.refetch()} />;
  else {
    const a = asset.data;
    figures = (
      <>
        <section className={`g-card ${styles.card}`}>
          <dl className="g-figures">
            <div className="g-figure">
              <dt>{t('total')}</dt>
              <dd data-testid="total-earnings">
                <PointsAmount hundredths={a.totalEarnings} />
              </dd>
            </div>
            <div className="g-figure">
              <dt>{t('today')}</dt>
              <dd>
                <PointsAmount hundredths={a.todayEarnings} />
              </dd>
            </div>
            <div className="g-figure">
              <dt>{t('earnings.week')}</dt>
              <dd>
                <PointsAmount hundredths={a.weekEarnings} />
              </dd>
            </div>
          </dl>
        </section>
        <DailyChart days={a.dailyEarnings} />
      </>
    );
  }

  return (
    <div className="g-page">
      <BackButton fallback={PATHS.user} />
      <h1 className={styles.title}>{ready ? t('details') : ''}</h1>
      {figures}
      {ready ? (
        <section className={styles.log}>
          <h2 className={styles.heading}>{t('earnings.entries')}</h2>
          <Tabs
            label={t('earnings.entries')}
            options={(['all', ...EARNING_KINDS] as Filter[]).map((k) => ({ value: k, label: t(`earnings.kinds.${k}`) }))}
            value={kind}
            onChange={(next) => {
              setKind(next);
              setPages(1);
            }}
          />
          {pageNumbers(pages).map((page) => (
            <EntriesChunk key={`${kind}-${page}`} kind={kind} page={page} last={page === pages} onMore={() => setPages(pages + 1)} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
