import { type AssetInfo, assetInfo, earningsLog, type UserInfo, userInfo } from '@grab/shared/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { ReadCache } from '../../db/read-cache';
import type { WriteClock } from '../../db/write-clock';
import { errors } from '../../http/app-error';
import { earnerOf, route } from '../../http/route';
import { assetsFrom, assetsQuery, entriesOf } from '../ledger/ledger.service';
import { pendingRewardsQuery } from '../tasks/pending-rewards.repository';
import { loadUserInfo } from './users.repository';

async function loadAssetInfo(db: Db, userId: number): Promise<AssetInfo> {
  // The ledger's assets and the tasks module's pending rewards, each module's own query, in one
  // statement: an uncached Home visit sends one statement fewer (on PGlite each costs the server).
  const result = await db.execute(sql`select ${assetsQuery(userId)} as assets, ${pendingRewardsQuery(userId)} as pending`);
  const [row] = (result as unknown as { rows: { assets: unknown; pending: string | null }[] }).rows;
  const { balance, earned, recent: earnings, locked } = assetsFrom(row?.assets);
  const pending = Number(row?.pending ?? 0);
  // Pending points are not in the balance yet, and locked ones are in it but wait for their condition.
  const lockedNow = Math.min(locked.amount, balance);
  return {
    balance,
    pending,
    withdrawable: balance - lockedNow,
    locked: lockedNow,
    lockedReason: lockedNow > 0 ? locked.reason : null,
    todayEarnings: earnings.today,
    totalEarnings: earned,
    weekEarnings: earnings.week,
    dailyEarnings: earnings.daily,
  };
}

/**
 * Home asks for these two on every visit; each earner's answer is kept per process until this
 * process sends a write that may change it, and at most `cacheMs` (see ReadCache).
 */
export function usersRoutes(app: FastifyInstance, db: Db, writes: WriteClock, cacheMs: number): void {
  const infos = new ReadCache<number, UserInfo | null>(writes, cacheMs, (userId) => userId);
  const assets = new ReadCache<number, AssetInfo>(writes, cacheMs, (userId) => userId);
  route(app, userInfo, async (_input, request) => {
    const userId = earnerOf(request).userId;
    const info = await infos.get(userId, () => loadUserInfo(db, userId));
    if (!info) throw errors.unauthorized();
    return info;
  }, { reusesAnswers: true });
  route(app, assetInfo, (_input, request) => {
    const userId = earnerOf(request).userId;
    return assets.get(userId, () => loadAssetInfo(db, userId));
  }, { reusesAnswers: true });
  route(app, earningsLog, (input, request) => entriesOf(db, earnerOf(request).userId, input.kind, input.page ?? 1, input.pageSize ?? 20));
}
