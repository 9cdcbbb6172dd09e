import { useLocation } from '@grab/shared';
import { useLayoutEffect } from 'react';

/** SPEC §2: every navigation starts at the top of the page. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger, not an input
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
