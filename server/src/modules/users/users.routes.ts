import { assetInfo, userInfo } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { balanceOf, earningsOf } from '../ledger/ledger.service';
import { loadUserInfo } from './users.repository';

export function usersRoutes(app: FastifyInstance, db: Db): void {
  route(app, userInfo, async (_input, request) => {
    const info = await loadUserInfo(db, earnerOf(request).userId);
    if (!info) throw errors.unauthorized();
    return info;
  });
  route(app, assetInfo, async (_input, request) => {
    const [balance, earnings] = await Promise.all([balanceOf(db, earnerOf(request).userId), earningsOf(db, earnerOf(request).userId)]);
    // Reviews do not exist yet, so nothing is pending and the whole balance can be withdrawn.
    return { balance, pending: 0, withdrawable: balance, todayEarnings: earnings.today, totalEarnings: earnings.total };
  });
}
