import { Outlet, PATHS, useLocation } from '@grab/shared';
import { Activity, type ReactNode, useState } from 'react';
import { TabBar } from './tab-bar';
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
      <TabBar />
    </div>
  );
}
