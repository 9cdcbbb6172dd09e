import { endpoint, OperatorRole } from '@grab/shared/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { earnerOf, route } from '../../http/route';

export const testRole = endpoint({
  api: 'main',
  method: 'POST',
  path: '/test/role',
  auth: true,
  input: z.object({ role: OperatorRole }),
  data: z.object({ role: OperatorRole }),
});

/**
 * Test-only (config `testHooks`, never in production): gives the calling account an operator role,
 * so a browser test can sign in to the console as an admin, a reviewer or a payout operator. The
 * role is read at the next sign-in.
 */
export function testRoleRoutes(app: FastifyInstance, db: Db): void {
  route(app, testRole, async (input, request) => {
    await db.update(users).set({ role: input.role }).where(eq(users.id, earnerOf(request).userId));
    return { role: input.role };
  });
}
