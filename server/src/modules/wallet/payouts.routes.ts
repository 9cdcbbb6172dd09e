import { payoutApprove, payoutFail, payoutList, payoutRetry } from '@grab/shared/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { users, withdrawOrders } from '../../db/schema';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { recordAction } from '../admin/audit-log.repository';
import { maskPhoneForReview } from '../users/masked-phone';
import { type OrderRow, toPayoutOrder } from './orders.view';
import { DISPATCH_QUEUE, type PayoutQueue } from './payout-queue';
import { failOrder, requeueOrder } from './payout-results.service';

/** Roles that may move money out: payout operators and admins, never reviewers. */
const PAYOUT_ROLES: ReadonlySet<string> = new Set(['payout', 'admin']);

const PAGE = 20;
/** States an order ends in; the others wait for an operator or the provider. */
const FINISHED: ReadonlySet<string> = new Set(['success', 'failed']);

/** The payout operator's calls, until the operator console exists. */
export function payoutsRoutes(app: FastifyInstance, db: Db, queue: PayoutQueue): void {
  const payoutOnly = async (request: FastifyRequest) => {
    if (!PAYOUT_ROLES.has(earnerOf(request).role)) throw errors.payoutOnly();
  };
  const guard = { guards: [payoutOnly] };
  const view = async (row: OrderRow) => {
    const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId));
    return toPayoutOrder(row, maskPhoneForReview(user?.phone ?? ''));
  };

  route(
    app,
    payoutList,
    async (input) => {
      const page = input.page ?? 1;
      const state = input.state ?? 'awaiting_approval';
      // Orders still waiting for someone are worked oldest first, so no earner waits behind newer ones;
      // decided ones are history, newest first.
      const order = FINISHED.has(state) ? [desc(withdrawOrders.requestedAt), desc(withdrawOrders.id)] : [asc(withdrawOrders.requestedAt), asc(withdrawOrders.id)];
      const rows = await db
        .select()
        .from(withdrawOrders)
        .where(eq(withdrawOrders.state, state))
        .orderBy(...order)
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return { list: await Promise.all(rows.slice(0, PAGE).map(view)), hasMore: rows.length > PAGE };
    },
    guard,
  );
  const requeue = (from: 'awaiting_approval' | 'dispatch_failed') => async (input: { orderId: number }, request: FastifyRequest) => {
    const row = await db.transaction(async (tx) => {
      const order = await requeueOrder(tx, input.orderId, from, earnerOf(request).userId);
      await queue.enqueue(tx, DISPATCH_QUEUE, { orderId: order.id });
      const action = from === 'awaiting_approval' ? 'payout.approve' : 'payout.retry';
      await recordAction(tx, earnerOf(request), { action, targetType: 'withdrawOrder', targetId: order.id, before: { state: from }, after: { state: order.state } });
      return order;
    });
    queue.relaySoon();
    request.log.info({ orderId: row.id, operator: earnerOf(request).userId, from }, 'payout order sent again');
    return view(row);
  };
  route(app, payoutApprove, requeue('awaiting_approval'), guard);
  route(app, payoutRetry, requeue('dispatch_failed'), guard);
  route(
    app,
    payoutFail,
    async (input, request) => {
      const row = await db.transaction(async (tx) => {
        const failed = await failOrder(tx, input.orderId, input.reason, earnerOf(request).userId, new Date());
        await recordAction(tx, earnerOf(request), { action: 'payout.fail', targetType: 'withdrawOrder', targetId: failed.id, after: { state: failed.state }, note: input.reason });
        return failed;
      });
      request.log.info({ orderId: row.id, operator: earnerOf(request).userId }, 'payout order failed by an operator');
      return view(row);
    },
    guard,
  );
}
