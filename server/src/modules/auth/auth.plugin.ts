import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Batcher } from '../../db/batcher';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { hashToken } from './credentials';
import type { SessionCache } from './session-cache';
import { findLiveSession, findLiveSessions, type LiveSession } from './sessions.repository';

export interface Earner {
  userId: number;
  sessionId: number;
  /**
   * The user's role when the session was read. Cached with the session, so a role changed in the
   * database takes effect within the session cache window (SESSION_CACHE_MS), the same window a
   * token revoked through another process has.
   */
  role: string;
  /** The user's currency, the phone country's, set at registration and never changed afterwards. */
  currency: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A route guard: a live bearer token or HTTP 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    earner: Earner | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Sessions the cache does not hold are read together: a lookup that arrives while another is in
 * flight waits for it and goes out in the next query with every other one waiting. After a restart,
 * or when many earners open the app at once, each call would otherwise cost a query of its own
 * before the one it came for.
 */
const SESSION_BATCH = 64;

export function installAuth(app: FastifyInstance, db: Db, cache: SessionCache): void {
  const lookups = new Batcher<string, LiveSession | null>({
    many: (tokenHashes) => findLiveSessions(db, tokenHashes),
    one: (tokenHash) => findLiveSession(db, tokenHash),
    maxBatch: SESSION_BATCH,
  });
  app.decorateRequest('earner', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized();
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) {
      request.earner = cached;
      return;
    }
    const session = await lookups.call(tokenHash);
    if (!session) throw errors.unauthorized();
    const earner = { userId: session.userId, sessionId: session.sessionId, role: session.role, currency: session.currency };
    cache.remember(tokenHash, earner, session.expiresAt);
    request.earner = earner;
  });
}
