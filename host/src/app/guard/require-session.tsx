import { Navigate, tokenAtom, useAtomValue, useLocation, userInfoAtom } from '@grab/shared';
import type { ReactNode } from 'react';
import { isPublicPath, loginRedirectPath } from './redirect';

/**
 * SPEC §2: without stored user info, every page but login (and register, which leads to it)
 * sends the earner to login with the full target address in `redirect`. User info without a token
 * (SPEC §4: both mean logged in) counts as no session too: every call would answer 401.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const userInfo = useAtomValue(userInfoAtom);
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if ((!userInfo || !token) && !isPublicPath(location.pathname)) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginRedirectPath(target)} replace />;
  }
  return children;
}
