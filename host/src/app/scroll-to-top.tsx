import { PATHS, useLocation } from '@grab/shared';
import { useEffect, useLayoutEffect } from 'react';

/** The tabs kept alive (TabLayout): their content is still there when the earner comes back. */
const KEEPS_PLACE = new Set<string>([PATHS.home, PATHS.user]);

/** Where each kept-alive address was scrolled to when last seen (pathname + search). */
const places = new Map<string, number>();

/**
 * SPEC §2: every navigation starts at the top of the page, except a return to Home or Account: their
 * content was kept, so the earner comes back to the card they left (the task list can be long).
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;

  useEffect(() => {
    if (!KEEPS_PLACE.has(pathname)) return;
    // Scroll events of a page being left (its content hidden, the next page scrolled to the top)
    // arrive after the address changed: only the address on screen records its place.
    const record = () => {
      if (`${location.pathname}${location.search}` === address) places.set(address, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [pathname, address]);

  useLayoutEffect(() => {
    window.scrollTo(0, places.get(address) ?? 0);
  }, [address]);
  return null;
}
