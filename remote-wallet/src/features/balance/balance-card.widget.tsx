/// <reference types="@rsbuild/core/types" />
import { type AssetInfo, assetInfoQuery, formatMoney, LoadFailed, LoadingBlocks, Link, PATHS, PointsAmount, usePointsText, useQuery, useT, useWorthCurrency } from '@grab/shared';
import { useId } from 'react';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { LockNote } from '../../ui/lock-note.ui';
import styles from './balance-card.module.css';
import { LastWithdrawal } from './last-withdrawal';

registerWalletLocales();


/** Points in the balance that cannot be withdrawn yet, and why (DESIGN §5: the welcome bonus waits for a first approved task). */
function LockedNote({ asset }: { asset: AssetInfo }) {
  const { t } = useT(WALLET_NS);
  const points = usePointsText();
  if (asset.locked <= 0) return null;
  return (
    <LockNote className={styles.locked}>{t(`locked.${asset.lockedReason ?? 'other'}`, { points: points(asset.locked) })}</LockNote>
  );
}

/**
 * The Account page's balance: points, their value in the earner's currency, pending points kept
 * apart from what can be withdrawn, and locked points with their reason (DESIGN §2.6). Its figures
 * are the shared cache's `assetInfo` entry, which every credit or debit makes stale (so the card
 * asks again while it shows). Exposed as remote_wallet/BalanceCard.
 */
export default function BalanceCard() {
  const { t, language, ready } = useT(WALLET_NS);
  const { t: common } = useT();
  const { data, isError, refetch } = useQuery(assetInfoQuery());
  // The balance still shows in points when the rates cannot be loaded; the toast told the earner.
  const currency = useWorthCurrency();
  const titleId = useId();

  let body: React.ReactNode;
  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if (!ready || (!data && !isError)) {
    body = <LoadingBlocks blockSize="9rem" />;
  } else if (!data) {
    body = <LoadFailed message={t('error')} onRetry={() => void refetch()} />;
  } else {
    body = (
      <>
        <p className={styles.balance} data-testid="balance">
          <PointsAmount hundredths={data.balance} />
        </p>
        {currency ? <p className={styles.worth}>{t('worth', { money: formatMoney(data.balance, currency, language) })}</p> : null}
        <dl className="g-figures">
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('withdrawable')}</dt>
            <dd>
              <PointsAmount hundredths={data.withdrawable} />
            </dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('pending')}</dt>
            <dd>
              <PointsAmount hundredths={data.pending} />
              <small className={styles.hint}>{t('pendingHint')}</small>
            </dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('today')}</dt>
            <dd>
              <PointsAmount hundredths={data.todayEarnings} />
            </dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('total')}</dt>
            <dd>
              <PointsAmount hundredths={data.totalEarnings} />
            </dd>
          </div>
        </dl>
        <LockedNote asset={data} />
      </>
    );
  }

  return (
    <section className={`g-card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {ready ? t('title') : common('common.loading')}
      </h2>
      {body}
      {/* Asked beside the balance, not after it; shown once it has an order to show. */}
      {ready ? <LastWithdrawal /> : null}
      {ready ? (
        <div className={styles.links}>
          <Link to={PATHS.withdrawal} className={styles.primary}>
            {t('withdraw')}
          </Link>
          <Link to={PATHS.earningsDetails} className={styles.secondary}>
            {t('details')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
