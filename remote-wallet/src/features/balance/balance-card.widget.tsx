/// <reference types="@rsbuild/core/types" />
import {
  assetInfo,
  type Currency,
  callMain,
  currencyList,
  currencyListAtom,
  formatMoney,
  LoadFailed,
  LoadingBlocks,
  Link,
  PATHS,
  useAtomValue,
  useCall,
  userBalanceAtom,
  userInfoAtom,
  useSetAtom,
  usePointsText,
  useT,
} from '@grab/shared';
import { useEffect, useId } from 'react';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import styles from './balance-card.module.css';

registerWalletLocales();

/** The currency list rarely changes: one fetch per page, kept in the shared store. */
function useCurrencies(): Currency[] | null {
  const list = useAtomValue(currencyListAtom);
  const setList = useSetAtom(currencyListAtom);
  useEffect(() => {
    if (list) return;
    let live = true;
    callMain(currencyList).then(
      (data) => {
        if (live && data) setList(data);
      },
      // The balance still shows in points; the toast already told the earner.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [list, setList]);
  return list;
}

/**
 * The Account page's balance: points, their value in the earner's currency, and pending points
 * kept apart from what can be withdrawn (DESIGN §2.6). Exposed as remote_wallet/BalanceCard.
 */
export default function BalanceCard() {
  const { t, language, ready } = useT(WALLET_NS);
  const { t: common } = useT();
  const { data, error, loading, reload } = useCall(assetInfo);
  const setBalance = useSetAtom(userBalanceAtom);
  const user = useAtomValue(userInfoAtom);
  const currencies = useCurrencies();
  const titleId = useId();

  useEffect(() => {
    if (data) setBalance(data);
  }, [data, setBalance]);

  const points = usePointsText();
  const currency = user ? currencies?.find((c) => c.code === user.currency) : undefined;

  let body: React.ReactNode;
  // A refetch (tab shown again, retry) keeps the last data on screen instead of a skeleton.
  if ((loading && !data) || !ready) {
    body = <LoadingBlocks blockSize="9rem" />;
  } else if (error || !data) {
    body = <LoadFailed message={t('error')} onRetry={reload} />;
  } else {
    body = (
      <>
        <p className={styles.balance} data-testid="balance">
          {points(data.balance)}
        </p>
        {currency ? <p className={styles.worth}>{t('worth', { money: formatMoney(data.balance, currency, language) })}</p> : null}
        <dl className="g-figures">
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('withdrawable')}</dt>
            <dd>{points(data.withdrawable)}</dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('pending')}</dt>
            <dd>
              {points(data.pending)}
              <small className={styles.hint}>{t('pendingHint')}</small>
            </dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('today')}</dt>
            <dd>{points(data.todayEarnings)}</dd>
          </div>
          <div className={`g-figure ${styles.fact}`}>
            <dt>{t('total')}</dt>
            <dd>{points(data.totalEarnings)}</dd>
          </div>
        </dl>
      </>
    );
  }

  return (
    <section className={`g-card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {ready ? t('title') : common('common.loading')}
      </h2>
      {body}
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
