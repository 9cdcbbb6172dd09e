import { PATHS, useLocation } from '@grab/shared';
import { useEffect, useLayoutEffect } from 'react';

/** The tabs kept alive (TabLayout): their content is still there when the earner comes back. */
const KEEPS_PLACE = new Set<string>([PATHS.home, PATHS.user]);

/** Where each kept-alive address was scrolled to when last seen (pathname + search). */
const places = new Map<string, number>();

/** How long a return waits for the kept content to be laid out again before giving up its place. */
const RESTORE_FRAMES = 90;
let restoring = false;

/**
 * The kept tab is shown again in the same commit, but its height may come a frame or more later
 * (remote content, images): scrolling before that would stop short. Tries each frame until there.
 */
function restorePlace(y: number) {
  restoring = true;
  let frames = 0;
  const step = () => {
    window.scrollTo(0, y);
    frames++;
    if (Math.abs(window.scrollY - y) < 2 || frames >= RESTORE_FRAMES) restoring = false;
    else requestAnimationFrame(step);
  };
  step();
}

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
      if (!restoring && `${location.pathname}${location.search}` === address) places.set(address, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [pathname, address]);

  useLayoutEffect(() => {
    const place = places.get(address) ?? 0;
    if (place > 0) restorePlace(place);
    else window.scrollTo(0, 0);
  }, [address]);
  return null;
}
