import { endpoint } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { OffsetClock } from '../../clock';
import { earnerOf, route } from '../../http/route';

/** A day is plenty to cross any reset or ending; a year bounds mistakes. */
const MAX_OFFSET_MS = 366 * 24 * 3_600_000;

export const testClock = endpoint({
  api: 'main',
  method: 'POST',
  path: '/test/clock',
  auth: true,
  input: z.object({ offsetMs: z.int().check(z.gte(-MAX_OFFSET_MS), z.lte(MAX_OFFSET_MS)) }),
  data: z.object({ now: z.string() }),
});

/**
 * Test-only (config `testHooks`, never in production): moves the calling earner's clock, so an
 * end-to-end test can see a recurring task reset or a timed task close for that earner alone.
 */
export function testHooksRoutes(app: FastifyInstance, clock: OffsetClock): void {
  route(app, testClock, async (input, request) => {
    const { userId } = earnerOf(request);
    clock.setOffset(userId, input.offsetMs);
    return { now: clock.now(userId).toISOString() };
  });
}
