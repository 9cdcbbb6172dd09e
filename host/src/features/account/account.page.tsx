import {
  callMain,
  clearSession,
  currencyLabel,
  Link,
  logout,
  OnwardArrow,
  PATHS,
  keepFreshAccount,
  useAtomValue,
  useNavigate,
  usePhoneForReading,
  useQuery,
  userInfoAtom,
  userInfoQuery,
  useT,
} from '@grab/shared';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import styles from './account.module.css';
import { AVATAR_ICON, MENU_ICONS } from './menu-icons';

interface AccountPageProps {
  /** The wallet remote's balance card, composed by the app. */
  balanceCard?: ReactNode;
}

// Earnings details are the balance card's second button: one entry for one page.
const MENU = [
  { to: PATHS.withdrawalOrders, key: 'account.withdrawalOrders', icon: MENU_ICONS.orders },
  { to: PATHS.userLevel, key: 'account.userLevel', icon: MENU_ICONS.level },
  { to: PATHS.offers, key: 'account.offers', icon: MENU_ICONS.offers },
  { to: PATHS.team, key: 'account.invite', icon: MENU_ICONS.invite },
  { to: PATHS.changePassword, key: 'account.changePassword', icon: MENU_ICONS.password },
  { to: PATHS.language, key: 'account.language', icon: MENU_ICONS.language },
] as const;

/**
 * `/user`: who the earner is and where to go next. What they hold, and its worth in their currency,
 * is the wallet remote's balance card, composed in here, so the figures have one owner.
 */
export function AccountPage({ balanceCard }: AccountPageProps) {
  const { t, language } = useT('host');
  const navigate = useNavigate();
  const stored = useAtomValue(userInfoAtom);
  const [leaving, setLeaving] = useState(false);
  // Fresh figures whenever the Account tab shows; the session's stored copy shows meanwhile.
  const { data: fresh } = useQuery(userInfoQuery());
  const account = leaving ? stored : (fresh ?? stored);
  const phone = usePhoneForReading(account?.phone);

  useEffect(() => {
    // The session keeps the newest copy: the messaging sign and the next start read it.
    if (fresh) keepFreshAccount(fresh);
  }, [fresh]);

  async function onLogout() {
    setLeaving(true);
    try {
      await callMain(logout);
    } catch {
      // Offline: the token is forgotten here anyway; the server expires it.
    }
    // Same transition as the navigation: the guard must not see /user without a session first.
    navigate(PATHS.loginPage, { replace: true });
    startTransition(clearSession);
  }

  if (!account) return null;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('account.title')}</h1>
      <section className={`g-card ${styles.profile}`} aria-label={t('account.title')}>
        <div className={styles.avatar} aria-hidden="true" data-testid="avatar">
          {AVATAR_ICON}
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('account.phone')}</dt>
            <dd dir="ltr" className={styles.phone} data-testid="account-phone">
              {phone}
            </dd>
          </div>
          <div>
            <dt>{t('account.level')}</dt>
            <dd>
              <span className={styles.level}>{t('account.levelValue', { level: account.level })}</span>
            </dd>
          </div>
          <div>
            <dt>{t('account.inviteCode')}</dt>
            <dd data-testid="account-invite-code">
              <bdi>{account.inviteCode}</bdi>
            </dd>
          </div>
          <div>
            {/* The phone country's currency: what every withdrawal pays, whatever the language. */}
            <dt>{t('account.paidIn')}</dt>
            <dd data-testid="account-currency">
              <bdi>{currencyLabel(account.currency, language)}</bdi>
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
                <OnwardArrow className={styles.chevron} />
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
