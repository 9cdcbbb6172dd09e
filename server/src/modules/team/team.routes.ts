import { shareInfo } from '@grab/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { userAncestors } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { findUserById } from '../users/users.repository';

export function teamRoutes(app: FastifyInstance, db: Db, config: Config): void {
  route(app, shareInfo, async (_input, request) => {
    const user = await findUserById(db, earnerOf(request).userId);
    if (!user) throw errors.unauthorized();
    const [counts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        direct: sql<number>`(count(*) filter (where ${userAncestors.depth} = 1))::int`,
      })
      .from(userAncestors)
      .where(and(eq(userAncestors.ancestorId, user.id)));
    return {
      inviteCode: user.inviteCode,
      shareLink: `${config.publicOrigin}/register?shareCode=${encodeURIComponent(user.inviteCode)}`,
      totalInvites: Number(counts?.total ?? 0),
      directInvites: Number(counts?.direct ?? 0),
      // Rebates arrive with the task engine.
      totalBonus: 0,
      todayBonus: 0,
    };
  });
}
