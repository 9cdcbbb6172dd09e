import { toast, useLocation } from '@grab/shared';
import { useEffect } from 'react';

/** Popups belong to the screen they were raised on: leaving it clears them (toast.screenShown). */
export function ToastsFollowScreen() {
  const { pathname } = useLocation();
  useEffect(() => toast.screenShown(pathname), [pathname]);
  return null;
}
