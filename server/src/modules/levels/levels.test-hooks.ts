import { endpoint } from '@grab/shared/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { earnerOf, route } from '../../http/route';

export const testLevel = endpoint({
  api: 'main',
  method: 'POST',
  path: '/test/level',
  auth: true,
  input: z.object({ level: z.int().check(z.gte(1), z.lte(11)) }),
  data: z.object({ level: z.int() }),
});

/**
 * Test-only (config `testHooks`, never in production): raises the calling earner to a level, so an
 * end-to-end test can open a task that needs one without earning hundreds of points first. Like
 * the real path, it never lowers a level.
 */
export function levelTestHooks(app: FastifyInstance, db: Db): void {
  route(app, testLevel, async (input, request) => {
    const { userId } = earnerOf(request);
    await db.update(users).set({ level: input.level }).where(and(eq(users.id, userId), lt(users.level, input.level)));
    const [row] = await db.select({ level: users.level }).from(users).where(eq(users.id, userId));
    return { level: row?.level ?? 1 };
  });
}
