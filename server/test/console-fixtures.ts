import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database';
import { type Registered, registerEarner } from './helper';
import { makeReviewer } from './reviews-fixtures';

/** Who calls a console route in the route × role tests; 'none' sends no token. */
export type ConsoleRole = 'admin' | 'reviewer' | 'payout' | 'earner' | 'none';
export const CONSOLE_ROLES: ConsoleRole[] = ['admin', 'reviewer', 'payout', 'earner', 'none'];
export type ConsolePeople = Record<Exclude<ConsoleRole, 'none'>, Registered>;

/**
 * Fills `people` with one account per operator role and one earner. It fills a record the suite
 * already holds, because the suite's tests are declared before its beforeAll runs.
 */
export async function makeConsolePeople(app: FastifyInstance, db: Db, people: ConsolePeople): Promise<void> {
  for (const role of ['admin', 'reviewer', 'payout', 'earner'] as const) {
    people[role] = await registerEarner(app);
    if (role !== 'earner') await makeReviewer(db, people[role].userId, role as 'admin');
  }
}
