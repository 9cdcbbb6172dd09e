import { assetInfo, userInfo } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { balanceOf, earningsOf } from '../ledger/ledger.service';
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
    const [balance, earnings, pending] = await Promise.all([balanceOf(db, userId), earningsOf(db, userId), pendingRewardsOf(db, userId)]);
    // Pending points are not in the balance yet, so they are never withdrawable.
    return { balance, pending, withdrawable: balance, locked: 0, lockedReason: null, todayEarnings: earnings.today, totalEarnings: earnings.total };
  });
}
