import { afterLoad } from '../ad-pixel/ad-pixel';

/**
 * SPEC §2: a `shareCode` (invitation code) and a `link_id` (ad campaign) in the address are kept in
 * local storage, even when they arrive inside another parameter's encoded URL: the guard wraps the
 * first address in `/login?redirect=…`, and share links pass through redirectors that encode it
 * again. A pure function, so each shape has a unit test.
 */
export const SHARE_KEYS = ['shareCode', 'link_id'] as const;
export type ShareKey = (typeof SHARE_KEYS)[number];
export type ShareParams = Partial<Record<ShareKey, string>>;

const MAX_DEPTH = 4;
const MAX_DECODES = 3;
const MAX_VALUE_LENGTH = 128;

function isShareKey(key: string): key is ShareKey {
  return (SHARE_KEYS as readonly string[]).includes(key);
}

function queryOf(text: string): URLSearchParams[] {
  let url: URL;
  try {
    url = new URL(text, 'https://grab.invalid');
  } catch {
    return [];
  }
  const lists = [url.searchParams];
  // Hash routers keep their query after the '#'.
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) lists.push(new URLSearchParams(url.hash.slice(hashQuery + 1)));
  return lists;
}

function decodeOnce(text: string): string | null {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === text ? null : decoded;
  } catch {
    return null;
  }
}

function collect(text: string, depth: number, found: ShareParams) {
  if (depth > MAX_DEPTH) return;
  const nested: string[] = [];
  for (const params of queryOf(text)) {
    for (const [key, raw] of params) {
      const value = raw.trim();
      if (isShareKey(key)) {
        // The outermost occurrence wins: it is the one the earner's link actually carried.
        if (!found[key] && value && value.length <= MAX_VALUE_LENGTH) found[key] = value;
        continue;
      }
      nested.push(value);
    }
  }
  for (const value of nested) {
    let candidate: string | null = value;
    for (let i = 0; candidate !== null && i <= MAX_DECODES; i++) {
      if (candidate.includes('?')) {
        collect(candidate, depth + 1, found);
        break;
      }
      candidate = decodeOnce(candidate);
    }
  }
}

/** Finds `shareCode` and `link_id` in an address, at any depth of encoded URLs inside its query. */
export function extractShareParams(url: string): ShareParams {
  const found: ShareParams = {};
  collect(url, 0, found);
  return found;
}

/** Reports a share-link visit after the page has loaded; its code is only downloaded when needed. */
function reportVisitLater(linkId: string) {
  afterLoad(() => {
    import('./visit-report').then(
      (m) => m.reportVisit(linkId),
      () => undefined,
    );
  });
}

/**
 * Saves what `extractShareParams` finds; values already stored are replaced by newer links. A
 * `link_id` also counts as a visit of that share link (`onLinkId`).
 */
export function saveShareParams(
  url: string,
  storage: Pick<Storage, 'setItem'> = localStorage,
  onLinkId: (linkId: string) => void = reportVisitLater,
): ShareParams {
  const found = extractShareParams(url);
  for (const key of SHARE_KEYS) {
    const value = found[key];
    if (value === undefined) continue;
    try {
      storage.setItem(key, value);
    } catch {
      // Blocked storage: the invitation code can still be typed in by hand.
    }
  }
  if (found.link_id) onLinkId(found.link_id);
  return found;
}
