import { payoutCallbacks as payoutCallbacksCall, payoutDailyTotals } from '@grab/shared/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/database';
import { payoutCallbacks, withdrawOrders } from '../../db/schema';
import { errors } from '../../http/app-error';
import { route } from '../../http/route';
import { operatorsOnly } from '../admin/operator-roles';

const TOTAL_DAYS = 14;

/** Orders that wait for a payout operator: an approval, or a retry after a failed dispatch. */
export async function ordersWaitingForOperators(db: Executor): Promise<{ awaitingApproval: number; dispatchFailed: number }> {
  const rows = await db
    .select({ state: withdrawOrders.state, orders: sql<number>`count(*)`.mapWith(Number) })
    .from(withdrawOrders)
    .where(inArray(withdrawOrders.state, ['awaiting_approval', 'dispatch_failed']))
    .groupBy(withdrawOrders.state);
  const count = (state: string) => rows.find((r) => r.state === state)?.orders ?? 0;
  return { awaitingApproval: count('awaiting_approval'), dispatchFailed: count('dispatch_failed') };
}

/** What the console's withdrawals screen reads beside the payout calls: callbacks and daily totals. */
export function payoutsAdminRoutes(app: FastifyInstance, db: Db): void {
  const guard = operatorsOnly('payout', 'admin');
  route(
    app,
    payoutCallbacksCall,
    async (input) => {
      const [order] = await db.select({ id: withdrawOrders.id }).from(withdrawOrders).where(eq(withdrawOrders.id, input.orderId));
      if (!order) throw errors.notFound();
      const rows = await db.select().from(payoutCallbacks).where(eq(payoutCallbacks.orderId, order.id)).orderBy(asc(payoutCallbacks.receivedAt));
      return { list: rows.map((r) => ({ provider: r.provider, eventId: r.eventId, status: r.status, outcome: r.outcome, receivedAt: r.receivedAt.toISOString() })) };
    },
    guard,
  );
  route(
    app,
    payoutDailyTotals,
    async () => {
      // Days in UTC, as the withdrawal limits count them.
      const day = sql<string>`to_char(${withdrawOrders.requestedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          currency: withdrawOrders.currency,
          fractionDigits: sql<number>`max(${withdrawOrders.fractionDigits})`.mapWith(Number),
          state: withdrawOrders.state,
          orders: sql<number>`count(*)`.mapWith(Number),
          amount: sql<number>`sum(${withdrawOrders.amount})`.mapWith(Number),
          points: sql<number>`sum(${withdrawOrders.points})`.mapWith(Number),
          fee: sql<number>`sum(${withdrawOrders.fee})`.mapWith(Number),
        })
        .from(withdrawOrders)
        .where(sql`${withdrawOrders.requestedAt} >= now() - make_interval(days => ${TOTAL_DAYS})`)
        .groupBy(day, withdrawOrders.currency, withdrawOrders.state)
        .orderBy(desc(day), asc(withdrawOrders.currency), asc(withdrawOrders.state));
      return { list: rows };
    },
    guard,
  );
}
