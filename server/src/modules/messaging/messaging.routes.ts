import {
  appInfo,
  MESSAGING_MAX_SKEW_MS,
  MESSAGING_TIME_HEADER,
  MESSAGING_VERIFY_HEADER,
  messagingSign,
  messagingVerify,
} from '@grab/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { route } from '../../http/route';
import { findUserById, maskedPhone } from '../users/users.repository';

/** Daily cap on messaging-task points (SPEC §9: 4,800 points), hundredths of a point. */
export const MESSAGING_DAILY_CAP = 4800_00;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sign is computed by a public client, so it proves nothing about who calls: the bearer token
 * (checked before this) authenticates. This check only refuses stale or tampered requests.
 */
export function messagingSignCheck(db: Db, now: () => number = Date.now) {
  return async (request: FastifyRequest) => {
    const time = header(request, MESSAGING_TIME_HEADER);
    const verify = header(request, MESSAGING_VERIFY_HEADER);
    const url = new URL(request.url, 'http://local');
    const sign = url.searchParams.get('sign');
    if (!time || !/^\d{1,16}$/.test(time)) throw errors.staleTime();
    if (Math.abs(now() - Number(time)) > MESSAGING_MAX_SKEW_MS) throw errors.staleTime();
    if (!sign || !verify) throw errors.badSign();
    const user = request.earner ? await findUserById(db, request.earner.userId) : null;
    if (!user) throw errors.unauthorized();
    const expectedSign = await messagingSign(url.pathname, user.publicId, maskedPhone(user.phone));
    if (sign.toLowerCase() !== expectedSign) throw errors.badSign();
    if (verify.toLowerCase() !== (await messagingVerify(time, expectedSign))) throw errors.badSign();
  };
}

export function messagingRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const signCheck = messagingSignCheck(db);
  route(app, appInfo, async () => ({ officialAccount: config.officialAccount, dailyCap: MESSAGING_DAILY_CAP }), { preHandler: [signCheck] });
}
