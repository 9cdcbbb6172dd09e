/** Longer than this, a link no longer fits beside its Copy button on a 360 px phone. */
export const SHORT_LINK_MAX = 30;

/**
 * The share link as shown: without the scheme and, when long, with the middle left out but the
 * host and the invitation code kept, so it never wraps mid-word. The full link is what gets copied.
 */
export function shortLink(link: string, max = SHORT_LINK_MAX): string {
  const { head, tail } = shortLinkParts(link, max);
  return `${head}${tail}`;
}

/**
 * The shortened link in two parts: `head` (the host) may be cut further with an ellipsis when the
 * screen is narrow; `tail` ("/…" and the invitation code) is always shown whole.
 */
export function shortLinkParts(link: string, max = SHORT_LINK_MAX): { head: string; tail: string } {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { head: link, tail: '' };
  }
  const bare = `${url.host}${url.pathname}${url.search}`;
  if (bare.length <= max) return { head: bare, tail: '' };
  const code = url.searchParams.get('shareCode');
  return { head: url.host, tail: code ? `/…${code}` : '/…' };
}
