import { PATHS } from '@grab/shared';

/** Pages a visitor without a session may open: login itself and register (which leads to it). */
const PUBLIC_PATHS: readonly string[] = [PATHS.loginPage, PATHS.register];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** The login address that brings the earner back to `target` (path + query + hash) afterwards. */
export function loginRedirectPath(target: string): string {
  return `${PATHS.loginPage}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where to go after login. Only a path of this site is accepted, never another origin, so a
 * crafted `redirect` cannot send an earner who just typed their password somewhere else.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string = location.origin): string {
  const fallback = PATHS.home;
  if (!raw) return fallback;
  // Scheme-relative (`//evil`) and backslash tricks (`/\evil`) look like paths but are not.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  if (isPublicPath(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
