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

/** A path the router would read as another origin: `//host` (scheme-relative) or `/\host`. */
function looksLikeOrigin(path: string): boolean {
  return /^[/\\]{2}/.test(path);
}

/**
 * Where to go after login. Only a path of this site is accepted, never another origin, so a
 * crafted `redirect` cannot send an earner who just typed their password somewhere else.
 *
 * The raw text is resolved against the site's origin the way a browser would (dot segments,
 * backslashes, tabs and newlines, percent-encoded dots), and only the resolved URL's own path,
 * query and hash are kept. That path is checked again: `/.//evil.example` resolves to the path
 * `//evil.example`, which a router or a browser would take for another host.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string = location.origin): string {
  const fallback = PATHS.home;
  if (!raw) return fallback;
  // Only a path is a target: not a full address, a scheme (`javascript:`) or a bare host name.
  // Browsers drop tabs and newlines anywhere in a URL and treat `\` as `/`, so test it as they read it.
  const readAs = raw.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  if (!readAs.startsWith('/') || looksLikeOrigin(readAs)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (looksLikeOrigin(target) || isPublicPath(url.pathname)) return fallback;
  return target;
}
