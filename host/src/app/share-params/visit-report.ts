import { AdvertisementInput, advertisement, deviceId, store, tokenAtom } from '@grab/shared';
import { DEVICE_ID_KEY } from '@grab/shared/device';

/** Local-storage keys: the browser's random visitor id, and the link ids it has already reported. */
export const VISITOR_KEY = DEVICE_ID_KEY;
export const REPORTED_KEY = 'reportedLinkIds';
/** Old ids are dropped first: a browser that opens many links keeps a bounded list. */
const MAX_REMEMBERED = 50;

export interface VisitInput {
  linkId: string;
  visitorId: string;
}

export interface VisitDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Sends the visit; resolves true once the server answered (counted or not). */
  send: (input: VisitInput) => Promise<boolean>;
  /** Only tests choose the browser id; the app makes a random one (see deviceId). */
  randomId?: () => string;
}

/**
 * Straight to fetch, not through the API client: a visit is the page's background business, so a
 * failure must not toast or log the earner out. The token goes along so that a sharer opening their
 * own link is not counted.
 */
async function send(input: VisitInput): Promise<boolean> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = store.get(tokenAtom);
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(advertisement.path, { method: 'POST', headers, body: JSON.stringify(input), keepalive: true });
    return response.status < 500;
  } catch {
    return false;
  }
}

function read(storage: VisitDeps['storage'], key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: VisitDeps['storage'], key: string, value: string) {
  try {
    storage.setItem(key, value);
  } catch {
    // Blocked storage: the server still counts each visitor id once.
  }
}

/**
 * Reports a visit through a share link once per link id in this browser (SPEC §2's `link_id`). A
 * visit the server did not answer (offline) is tried again on the next page load.
 */
export async function reportVisit(linkId: string, deps: VisitDeps = { storage: localStorage, send }): Promise<void> {
  const reported: string[] = (read(deps.storage, REPORTED_KEY) ?? '').split(' ').filter(Boolean);
  if (reported.includes(linkId)) return;
  const visitorId = deviceId(deps.storage, deps.randomId);
  const input = AdvertisementInput.safeParse({ linkId, visitorId });
  if (!input.success) return;
  if (await deps.send(input.data)) write(deps.storage, REPORTED_KEY, [...reported, linkId].slice(-MAX_REMEMBERED).join(' '));
}
