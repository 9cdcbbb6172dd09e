import { ErrorCode, type OperatorRole } from '@grab/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { earnerOf, type Guard } from '../../http/route';

/**
 * A route guard for the console's calls: only the listed operator roles pass, everyone else
 * (earners first of all) gets 403 in their language. The role is the one the session was read
 * with, as for the reviewer calls.
 */
export function operatorsOnly(...roles: OperatorRole[]): { guards: Guard[] } {
  const allowed: ReadonlySet<string> = new Set(roles);
  const guard: Guard = async (request: FastifyRequest) => {
    if (!allowed.has(earnerOf(request).role)) throw new AppError(ErrorCode.forbidden, 'admin.operatorsOnly');
  };
  return { guards: [guard] };
}
