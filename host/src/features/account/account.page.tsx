import {
  callMain,
  clearSession,
  currencyList,
  currencyListAtom,
  formatMoney,
  formatPoints,
  Link,
  logout,
  store,
  useAtom,
  useAtomValue,
  useNavigate,
  userInfo as userInfoCall,
  userInfoAtom,
  useT,
} from '@grab/shared';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import styles from './account.module.css';
import { MENU_ICONS } from './menu-icons';

interface AccountPageProps {
  /** The wallet remote's balance card, composed by the app. */
  balanceCard?: ReactNode;
}

const MENU = [
  { to: '/earningsDetails', key: 'account.earnings', icon: MENU_ICONS.earnings },
  { to: '/withdrawalOrders', key: 'account.withdrawalOrders', icon: MENU_ICONS.orders },
  { to: '/userLevel', key: 'account.userLevel', icon: MENU_ICONS.level },
  { to: '/team', key: 'account.invite', icon: MENU_ICONS.invite },
  { to: '/changePassword', key: 'account.changePassword', icon: MENU_ICONS.password },
  { to: '/language', key: 'account.language', icon: MENU_ICONS.language },
] as const;

/** `/user`: who the earner is, what they hold and what it is worth in their currency. */
export function AccountPage({ balanceCard }: AccountPageProps) {
  const { t, language } = useT('host');
  const navigate = useNavigate();
  const [account, setAccount] = useAtom(userInfoAtom);
  const currencies = useAtomValue(currencyListAtom);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    // Fresh figures each time the Account tab is created; the stored copy shows meanwhile.
    callMain(userInfoCall).then(
      (fresh) => {
        if (fresh) setAccount(fresh);
      },
      () => undefined,
    );
    if (!store.get(currencyListAtom)) {
      callMain(currencyList).then(
        (list) => {
          if (list) store.set(currencyListAtom, list);
        },
        () => undefined,
      );
    }
  }, [setAccount]);

  async function onLogout() {
    setLeaving(true);
    try {
      await callMain(logout);
    } catch {
      // Offline: the token is forgotten here anyway; the server expires it.
    }
    // Same transition as the navigation: the guard must not see /user without a session first.
    navigate('/login', { replace: true });
    startTransition(clearSession);
  }

  if (!account) return null;
  const currency = currencies?.find((c) => c.code === account.currency);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('account.title')}</h1>
      <section className={`g-card ${styles.profile}`} aria-label={t('account.title')}>
        <div className={styles.avatar} aria-hidden="true">
          {account.phone.slice(-2)}
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('account.phone')}</dt>
            <dd dir="ltr" className={styles.phone}>
              {account.phone}
            </dd>
          </div>
          <div>
            <dt>{t('account.level')}</dt>
            <dd>
              <span className={styles.level}>{t('account.levelValue', { level: account.level })}</span>
            </dd>
          </div>
          <div className={styles.balance}>
            <dt>{t('account.balance')}</dt>
            <dd>
              <strong className={styles.points} data-testid="points-balance">{formatPoints(account.asset, language)}</strong>
              {currency && <span className={styles.worth}>{t('account.worth', { money: formatMoney(account.asset, currency, language) })}</span>}
            </dd>
          </div>
        </dl>
      </section>
      {balanceCard}
      <nav aria-label={t('account.menu')}>
        <ul className={`g-card ${styles.menu}`}>
          {MENU.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={styles.menuItem}>
                <span className={styles.menuIcon}>{item.icon}</span>
                <span className={styles.menuLabel}>{t(item.key)}</span>
                <span aria-hidden="true" className={styles.chevron}>
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className={`g-button g-button--secondary ${styles.logout}`} onClick={onLogout} disabled={leaving}>
        {t('account.logout')}
      </button>
    </div>
  );
}
