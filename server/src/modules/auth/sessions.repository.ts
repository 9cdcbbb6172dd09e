import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { hashToken, newToken } from './credentials';

export async function createSession(db: Executor, userId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
  });
  return token;
}

/**
 * The live session behind a token hash (not revoked, not expired) with its user's role, read in
 * the same query so that checking a role costs no query of its own.
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
): Promise<{ sessionId: number; userId: number; role: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
