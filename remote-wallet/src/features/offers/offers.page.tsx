import { BackButton, directionOf, LoadFailed, LoadingBlocks, PATHS, useQuery, useT } from '@grab/shared';
import type { Offer } from '@grab/shared/contracts';
import { registerWalletLocales, WALLET_NS } from '../../locales/wallet.locales';
import { OFFER_ICONS } from './offer-icons';
import { offerMoney, offerPercent } from './offer-prices';
import { offersQuery, recordOfferClick } from './offers.queries';
import styles from './offers.module.css';

registerWalletLocales();

/**
 * One offer. SPEC §9's "tenths times ten percent off" reads two ways (8 → "80 % off" or "pay 80 %"),
 * so the card never shows the bare factor: it names the price to pay, the usual price with the
 * saving, and the percent off, all three computed by the server from the one stored discount.
 */
function OfferCard({ offer }: { offer: Offer }) {
  const { t, language } = useT(WALLET_NS);
  const money = (minor: number) => offerMoney(minor, offer, language);
  const titleId = `offer-${offer.id}`;
  return (
    <li className={`g-card ${styles.offer}`} aria-labelledby={titleId} data-testid="offer">
      <div className={styles.head}>
        <span className={styles.icon}>{OFFER_ICONS[offer.icon]}</span>
        <div className={styles.names}>
          <p className={styles.partner}>{offer.partner}</p>
          {/* The operator's words: an offer not yet translated reads English, left to right, on an Urdu page. */}
          <h2 id={titleId} className={styles.name} dir={directionOf(offer.title)}>
            {offer.title}
          </h2>
        </div>
        <span className={styles.off} data-testid="offer-off">
          {t('offers.off', { percent: offerPercent(offer.percentOff, language) })}
        </span>
      </div>
      <p className={styles.pay} data-testid="offer-pay">
        {t('offers.pay', { price: money(offer.price) })}
      </p>
      <p className={styles.was} data-testid="offer-was">
        {t('offers.was', { price: money(offer.listPrice), saving: money(offer.listPrice - offer.price) })}
      </p>
      {/* A real link: the browser opens the partner's page in a new tab however slow the count is. */}
      <a className={`g-button ${styles.open}`} href={offer.url} target="_blank" rel="noopener noreferrer" onClick={() => void recordOfferClick(offer.id)}>
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
  const { data, isPending, isError, refetch } = useQuery(offersQuery());

  let body: React.ReactNode;
  if (!ready || isPending) body = <LoadingBlocks count={2} blockSize="10rem" />;
  else if (isError || !data) body = <LoadFailed message={t('offers.error')} onRetry={() => void refetch()} />;
  else if (data.offers.length === 0) body = <p className={`g-card ${styles.empty}`}>{t('offers.empty')}</p>;
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
