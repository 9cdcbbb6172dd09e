import { BackButton, LoadFailed, LoadingBlocks, PATHS, useQuery, useT } from '@grab/shared';
import type { Offer } from '@grab/shared/contracts';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { offerMoney, offerPercent } from './offer-prices';
import { offersQuery, recordOfferClick } from './offers.queries';
import styles from './offers.module.css';

registerWalletLocales();

/**
 * One offer. SPEC §9's "tenths times ten percent off" reads two ways, so the card names the price
 * to pay first, then the usual price and the saving as an amount and a percent: no bare factor.
 */
function OfferCard({ offer }: { offer: Offer }) {
  const { t, language } = useT(WALLET_NS);
  const money = (minor: number) => offerMoney(minor, offer, language);
  const titleId = `offer-${offer.id}`;
  return (
    <li className={`g-card ${styles.offer}`} aria-labelledby={titleId} data-testid="offer">
      <p className={styles.partner}>{offer.partner}</p>
      <h2 id={titleId} className={styles.name}>
        {offer.title}
      </h2>
      <p className={styles.pay} data-testid="offer-pay">
        {t('offers.pay', { price: money(offer.price) })}
      </p>
      <p className={styles.was}>{t('offers.was', { price: money(offer.listPrice) })}</p>
      <p className={styles.save} data-testid="offer-save">
        {t('offers.save', { amount: money(offer.listPrice - offer.price), percent: offerPercent(offer.percentOff, language) })}
      </p>
      <a
        className={`g-button ${styles.open}`}
        href={offer.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => void recordOfferClick(offer.id)}
      >
        {t('offers.open', { partner: offer.partner })}
        <span className="g-visually-hidden"> ({t('offers.newTab')})</span>
      </a>
      {offer.clicked ? <p className={styles.opened}>{t('offers.opened')}</p> : null}
    </li>
  );
}

/** /offers: partner offers in the earner's currency (remote_wallet/OffersPage). */
export default function OffersPage() {
  const { t, ready } = useT(WALLET_NS);
  const { data, isPending, refetch } = useQuery(offersQuery());

  let body: React.ReactNode;
  if (!ready || isPending) body = <LoadingBlocks blockSize="9rem" />;
  else if (!data) body = <LoadFailed message={t('offers.error')} onRetry={() => void refetch()} />;
  else if (data.offers.length === 0) body = <p>{t('offers.empty')}</p>;
  else
    body = (
      <ul className={styles.list}>
        {data.offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} />
        ))}
      </ul>
    );

  return (
    <div className="g-page">
      <BackButton fallback={PATHS.user} />
      <h1 className={styles.title}>{ready ? t('offers.title') : ''}</h1>
      {ready ? <p className={styles.intro}>{t('offers.intro')}</p> : null}
      {body}
    </div>
  );
}
