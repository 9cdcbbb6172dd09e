import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import { sessions, signups, users } from '../../db/schema';
import { hashToken, newToken } from './credentials';

/** Where a session was opened from: the address, and the browser's own random id when it sent one. */
export interface Origin {
  ip: string;
  deviceId?: string | undefined;
}

export async function createSession(db: Executor, userId: number, ttlDays: number, origin: Origin): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
    ip: origin.ip,
    deviceId: origin.deviceId ?? null,
  });
  return token;
}

/**
 * Whether an earner opened a session, or signed up, from this address or device within `days`: a
 * share visit from there is the sharer's own, with or without a token.
 */
export async function usedRecentlyBy(db: Executor, userId: number, origin: Origin, days: number): Promise<boolean> {
  const device = origin.deviceId ?? null;
  const result = (await db.execute(sql`
    select exists (
      select 1 from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.createdAt} > now() - make_interval(days => ${days})
        and (${sessions.ip} = ${origin.ip} or (${device}::text is not null and ${sessions.deviceId} = ${device}::text))
      union all
      select 1 from ${signups} where ${signups.userId} = ${userId} and ${signups.createdAt} > now() - make_interval(days => ${days})
        and (${signups.ip} = ${origin.ip} or (${device}::text is not null and ${signups.deviceId} = ${device}::text))
    ) as used`)) as unknown as { rows: { used: boolean }[] };
  return result.rows[0]?.used === true;
}

/**
 * Whether this browser signed up or logged in to the account within 90 days and since its password
 * last changed: then it is the owner's (its id is random and never shown to anyone else).
 */
export async function knownBrowser(db: Executor, userId: number, deviceId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (
      select 1 from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.userId} = ${userId} and ${sessions.deviceId} = ${deviceId}
        and ${sessions.createdAt} > greatest(now() - interval '90 days', coalesce(${users.passwordChangedAt}, '-infinity'))
      union all
      select 1 from ${signups} join ${users} on ${users.id} = ${signups.userId}
      where ${signups.userId} = ${userId} and ${signups.deviceId} = ${deviceId}
        and ${signups.createdAt} > greatest(now() - interval '90 days', coalesce(${users.passwordChangedAt}, '-infinity'))
    ) as known`)) as unknown as { rows: { known: boolean }[] };
  return result.rows[0]?.known === true;
}

export interface LiveSession {
  sessionId: number;
  userId: number;
  role: string;
  currency: string;
  expiresAt: Date;
}

const liveSessionColumns = { sessionId: sessions.id, userId: sessions.userId, role: users.role, currency: users.currency, expiresAt: sessions.expiresAt };
const isLive = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

const liveSessionQuery = preparedQuery((db) =>
  db
    .select(liveSessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isLive))
    .prepare('live_session'),
);

const liveSessionsQuery = preparedQuery((db) =>
  db
    .select({ ...liveSessionColumns, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, isLive))
    .prepare('live_sessions'),
);

/**
 * The live session behind a token hash (not revoked, not expired) with its user's role and
 * currency, read in the same query so that checking a role or quoting in the earner's currency
 * costs no query of its own.
 */
export async function findLiveSession(db: Executor, tokenHash: string): Promise<LiveSession | null> {
  const [row] = await liveSessionQuery(db).execute({ tokenHash });
  return row ?? null;
}

/** `findLiveSession` for several token hashes in one query: one answer per hash, in their order. */
export async function findLiveSessions(db: Executor, tokenHashes: readonly string[]): Promise<(LiveSession | null)[]> {
  const rows = await liveSessionsQuery(db).execute({ tokenHashes: [...new Set(tokenHashes)] });
  const byHash = new Map(rows.map(({ tokenHash, ...session }) => [tokenHash, session]));
  return tokenHashes.map((hash) => byHash.get(hash) ?? null);
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
