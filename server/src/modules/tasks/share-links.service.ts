import { createHmac, randomBytes } from 'node:crypto';
import type { TaskRun } from '@grab/shared/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { shareLinks, shareVisits, taskRuns, taskSteps } from '../../db/schema';
import { serverSecret } from '../../db/server-secrets';
import { usedRecentlyBy } from '../auth/sessions.repository';

/** 16 random bytes: 22 url-safe characters nobody can guess or enumerate. */
function newLinkId(): string {
  return randomBytes(16).toString('base64url');
}

/** The address a share link opens: registration with the sharer's invite code, and the link to credit. */
export function shareUrl(origin: string, inviteCode: string, linkId: string): string {
  const query = new URLSearchParams({ shareCode: inviteCode, link_id: linkId });
  return `${origin}/register?${query.toString()}`;
}

/** Gives a run its link when it reaches a share step; a retry keeps the first link. */
export async function ensureShareLink(tx: Executor, userId: number, runId: number): Promise<void> {
  await tx.insert(shareLinks).values({ id: newLinkId(), userId, runId }).onConflictDoNothing({ target: shareLinks.runId });
}

/** The run's link and the visits it brought so far; null before the run reached a share step. */
export async function shareOf(db: Executor, runId: number, visitsNeeded: number, urlFor: (linkId: string) => string): Promise<TaskRun['share']> {
  const [row] = await db
    .select({ linkId: shareLinks.id, visits: count(shareVisits.id) })
    .from(shareLinks)
    .leftJoin(shareVisits, eq(shareVisits.linkId, shareLinks.id))
    .where(eq(shareLinks.runId, runId))
    .groupBy(shareLinks.id);
  if (!row) return null;
  return { linkId: row.linkId, url: urlFor(row.linkId), visits: Number(row.visits), visitsNeeded };
}

export async function countVisits(db: Executor, runId: number): Promise<number> {
  return (await shareOf(db, runId, 0, (id) => id))?.visits ?? 0;
}

export interface Visit {
  linkId: string;
  /** The signed-in visitor, if any. */
  userId: number | null;
  /** The random id the visitor's browser keeps. */
  visitorId: string;
  ip: string;
}

/**
 * Counts a visit through a share link, once per visitor and once per address. The visitor key alone
 * would let one phone count again by clearing its storage (a new browser id each time); the address
 * key closes that. The price is that two friends behind one address (one home Wi-Fi, one carrier
 * NAT) count once: fewer visits credited, never invented ones. The address is hashed with the link
 * so the table holds no address, nor a hash that follows a visitor from link to link.
 * Never counted: the sharer's own visit, an unknown link, and a link whose run has moved past
 * its share step (visits no longer earn anything there).
 */
/** How long an address or device a sharer used stays theirs: a visit from there is their own. */
const OWN_ORIGIN_DAYS = 30;

export async function recordVisit(db: Db, visit: Visit): Promise<boolean> {
  const [link] = await db
    .select({ ownerId: shareLinks.userId, runStatus: taskRuns.status, action: taskSteps.action })
    .from(shareLinks)
    .innerJoin(taskRuns, eq(taskRuns.id, shareLinks.runId))
    .leftJoin(taskSteps, and(eq(taskSteps.taskId, taskRuns.taskId), eq(taskSteps.position, taskRuns.step)))
    .where(eq(shareLinks.id, visit.linkId));
  if (!link || link.ownerId === visit.userId || link.runStatus !== 'inProgress' || link.action !== 'share') return false;
  // Without a token too: the sharer's own address or browser never counts (DESIGN §5).
  if (await usedRecentlyBy(db, link.ownerId, { ip: visit.ip, deviceId: visit.visitorId }, OWN_ORIGIN_DAYS)) return false;
  // Keyed with a server secret, so the stored key cannot be turned back into an address by trying them all.
  const secret = await serverSecret(db, 'share-visit-address');
  const inserted = await db
    .insert(shareVisits)
    .values({
      linkId: visit.linkId,
      visitorKey: visit.userId === null ? `v:${visit.visitorId}` : `u:${visit.userId}`,
      addressKey: createHmac('sha256', secret).update(`${visit.linkId}\n${visit.ip}`).digest('hex'),
    })
    .onConflictDoNothing()
    .returning({ id: shareVisits.id });
  return inserted.length > 0;
}
