import { MESSAGING_MAX_SKEW_MS, MESSAGING_TIME_HEADER, MESSAGING_VERIFY_HEADER, messagingSign, messagingVerify } from '@grab/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import { findUserById, maskedPhone } from '../users/users.repository';
import { messagingErrors } from './messaging.errors';
import { forgetExpiredSigns, useSignOnce } from './messaging.repository';

/** Old pairs are swept at most this often per process; the primary key refuses replays meanwhile. */
const SWEEP_EVERY_MS = 60_000;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sign is computed by a public client, so it proves nothing about who calls: the bearer token
 * (checked before this) authenticates. This check refuses stale or tampered requests, and a
 * (time, sign) pair seen before: the pair is written to the database, so every process refuses it.
 */
export function messagingSignCheck(db: Db, now: () => number = Date.now) {
  let lastSweep = 0;
  return async (request: FastifyRequest) => {
    const time = header(request, MESSAGING_TIME_HEADER);
    const verify = header(request, MESSAGING_VERIFY_HEADER);
    const url = new URL(request.url, 'http://local');
    const sign = url.searchParams.get('sign');
    const at = now();
    // One spelling per instant: "0123" would be a new (time, sign) pair for the same time.
    if (!time || !/^[1-9]\d{0,15}$/.test(time)) throw errors.staleTime();
    if (Math.abs(at - Number(time)) > MESSAGING_MAX_SKEW_MS) throw errors.staleTime();
    if (!sign || !verify) throw errors.badSign();
    const user = request.earner ? await findUserById(db, request.earner.userId) : null;
    if (!user) throw errors.unauthorized();
    const expectedSign = await messagingSign(url.pathname, user.publicId, maskedPhone(user.phone));
    if (sign.toLowerCase() !== expectedSign) throw errors.badSign();
    if (verify.toLowerCase() !== (await messagingVerify(time, expectedSign))) throw errors.badSign();
    // Past its skew window a time is refused anyway, so the pair need not be kept longer.
    if (!(await useSignOnce(db, expectedSign, time, new Date(Number(time) + MESSAGING_MAX_SKEW_MS)))) throw messagingErrors.replayed();
    if (at - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = at;
      await forgetExpiredSigns(db, new Date(at));
    }
  };
}
