import { MESSAGING_MAX_SKEW_MS, MESSAGING_TIME_HEADER, MESSAGING_VERIFY_HEADER, messagingSign, messagingVerify } from '@grab/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../http/app-error';
import type { RouteOptions } from '../../http/route';
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
 *
 * Two steps, as route options. The headers are checked before the input is read, like the token.
 * The pair is written only once the input is valid. Writing it earlier would spend it on a request
 * the contract refuses, so the client's corrected retry, which carries the same time and sign, would
 * be refused as a replay.
 */
export function messagingSignCheck(db: Db, now: () => number = Date.now): Pick<RouteOptions, 'guards' | 'afterValidation'> {
  let lastSweep = 0;
  // The pair each request's headers were found to carry, for the second step of the same request.
  const checked = new WeakMap<FastifyRequest, { sign: string; time: string }>();

  const checkHeaders = async (request: FastifyRequest) => {
    const time = header(request, MESSAGING_TIME_HEADER);
    const verify = header(request, MESSAGING_VERIFY_HEADER);
    const url = new URL(request.url, 'http://local');
    const sign = url.searchParams.get('sign');
    // One spelling per instant: "0123" would be a new (time, sign) pair for the same time.
    if (!time || !/^[1-9]\d{0,15}$/.test(time)) throw errors.staleTime();
    if (Math.abs(now() - Number(time)) > MESSAGING_MAX_SKEW_MS) throw errors.staleTime();
    if (!sign || !verify) throw errors.badSign();
    const user = request.earner ? await findUserById(db, request.earner.userId) : null;
    if (!user) throw errors.unauthorized();
    const expectedSign = await messagingSign(url.pathname, user.publicId, maskedPhone(user.phone));
    if (sign.toLowerCase() !== expectedSign) throw errors.badSign();
    if (verify.toLowerCase() !== (await messagingVerify(time, expectedSign))) throw errors.badSign();
    checked.set(request, { sign: expectedSign, time });
  };

  const usePairOnce = async (request: FastifyRequest) => {
    const pair = checked.get(request);
    if (!pair) throw errors.badSign();
    // Past its skew window a time is refused anyway, so the pair need not be kept longer.
    if (!(await useSignOnce(db, pair.sign, pair.time, new Date(Number(pair.time) + MESSAGING_MAX_SKEW_MS)))) throw messagingErrors.replayed();
    const at = now();
    if (at - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = at;
      await forgetExpiredSigns(db, new Date(at));
    }
  };

  return { guards: [checkHeaders], afterValidation: [usePairOnce] };
}
