import { NavLink, Outlet, PATHS, useLocation, useT } from '@grab/shared';
import { Activity, type ReactNode, useState } from 'react';
import { AccountIcon, HomeIcon, TeamIcon } from './tab-icons';
import styles from './tab-layout.module.css';

interface TabLayoutProps {
  home: ReactNode;
  user: ReactNode;
}

const KEPT_ALIVE = [PATHS.home, PATHS.user] as const;
type KeptAlive = (typeof KEPT_ALIVE)[number];

/**
 * The three tabs. Home and Account stay mounted once visited (hidden with `<Activity>`, so their
 * state and scroll data survive a tab switch); Team is rendered fresh each time through <Outlet>.
 */
export function TabLayout({ home, user }: TabLayoutProps) {
  const { pathname } = useLocation();
  const { t } = useT('host');
  const current = KEPT_ALIVE.find((path) => path === pathname);
  const [visited, setVisited] = useState<ReadonlySet<KeptAlive>>(() => new Set(current ? [current] : []));
  if (current && !visited.has(current)) setVisited(new Set([...visited, current]));

  return (
    <div className={styles.layout}>
      <main className={styles.content}>
        {/* One stable element per tab: loading states and remotes come and go inside it. */}
        {visited.has(PATHS.home) && (
          <Activity mode={current === PATHS.home ? 'visible' : 'hidden'}>
            <div>{home}</div>
          </Activity>
        )}
        {visited.has(PATHS.user) && (
          <Activity mode={current === PATHS.user ? 'visible' : 'hidden'}>
            <div>{user}</div>
          </Activity>
        )}
        {!current && (
          <div key={pathname}>
            <Outlet />
          </div>
        )}
      </main>
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
    </div>
  );
}
