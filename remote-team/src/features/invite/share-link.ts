/** Longer than this, a link no longer fits beside its Copy button on a 360 px phone. */
export const SHORT_LINK_MAX = 30;

/**
 * The share link as shown: without the scheme and, when long, with the middle left out but the
 * host and the invitation code kept, so it never wraps mid-word. The full link is what gets copied.
 */
export function shortLink(link: string, max = SHORT_LINK_MAX): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const bare = `${url.host}${url.pathname}${url.search}`;
  if (bare.length <= max) return bare;
  const code = url.searchParams.get('shareCode');
  return code ? `${url.host}/…${code}` : `${url.host}/…`;
}
