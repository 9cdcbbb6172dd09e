import { assetInfo, earningsLog, userInfo } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { balanceOf, earningsOf, entriesOf, lockedOf } from '../ledger/ledger.service';
import { pendingRewardsOf } from '../tasks/pending-rewards.repository';
import { loadUserInfo } from './users.repository';

export function usersRoutes(app: FastifyInstance, db: Db): void {
  route(app, userInfo, async (_input, request) => {
    const info = await loadUserInfo(db, earnerOf(request).userId);
    if (!info) throw errors.unauthorized();
    return info;
  });
  route(app, assetInfo, async (_input, request) => {
    const userId = earnerOf(request).userId;
    const [balance, earnings, pending, locked] = await Promise.all([balanceOf(db, userId), earningsOf(db, userId), pendingRewardsOf(db, userId), lockedOf(db, userId)]);
    // Pending points are not in the balance yet, and locked ones are in it but wait for their condition.
    const lockedNow = Math.min(locked.amount, balance);
    return {
      balance,
      pending,
      withdrawable: balance - lockedNow,
      locked: lockedNow,
      lockedReason: lockedNow > 0 ? locked.reason : null,
      todayEarnings: earnings.today,
      totalEarnings: earnings.total,
      weekEarnings: earnings.week,
      dailyEarnings: earnings.daily,
    };
  });
  route(app, earningsLog, (input, request) => entriesOf(db, earnerOf(request).userId, input.kind, input.page ?? 1, input.pageSize ?? 20));
}
