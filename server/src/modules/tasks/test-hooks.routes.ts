import { endpoint } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { OffsetClock } from '../../clock';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { LedgerReason, postAlone } from '../ledger/ledger.service';

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

export const testCredit = endpoint({
  api: 'main',
  method: 'POST',
  path: '/test/credit',
  auth: true,
  input: z.object({ points: z.int().check(z.gt(0), z.lte(10_000_000)), key: z.string().check(z.minLength(8), z.maxLength(64)) }),
  data: z.object({ created: z.boolean() }),
});

/**
 * Test-only (config `testHooks`, never in production): moves the calling earner's clock, so an
 * end-to-end test can see a recurring task reset or a timed task close for that earner alone.
 */
export function testHooksRoutes(app: FastifyInstance, clock: OffsetClock, db: Db): void {
  // A prize, through the ledger like every credit: enough points for a withdrawal test without
  // playing through the task catalogue.
  route(app, testCredit, async (input, request) => {
    const { userId } = earnerOf(request);
    const { created } = await postAlone(db, { userId, amount: input.points, reason: LedgerReason.prize, idempotencyKey: `test-credit:${userId}:${input.key}` });
    return { created };
  });
  route(app, testClock, async (input, request) => {
    const { userId } = earnerOf(request);
    clock.setOffset(userId, input.offsetMs);
    return { now: clock.now(userId).toISOString() };
  });
}
