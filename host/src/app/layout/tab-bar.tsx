import { NavLink, PATHS, useT } from '@grab/shared';
import { AccountIcon, HomeIcon, TeamIcon } from './tab-icons';
import styles from './tab-bar.module.css';

/** The three tabs at the foot of the screen: on the tab pages, and under a page that failed to load. */
export function TabBar() {
  const { t } = useT('host');
  return (
    <nav className={styles.tabBar} aria-label={t('nav.label')}>
      <NavLink to={PATHS.home} className={styles.tab}>
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to={PATHS.user} className={styles.tab}>
        <AccountIcon />
        <span>{t('nav.account')}</span>
      </NavLink>
      <NavLink to={PATHS.team} className={styles.tab}>
        <TeamIcon />
        <span>{t('nav.team')}</span>
      </NavLink>
    </nav>
  );
}
