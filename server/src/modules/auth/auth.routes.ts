import { changePassword as changePasswordEndpoint, login as loginEndpoint, logout as logoutEndpoint, register as registerEndpoint } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { earnerOf, route } from '../../http/route';
import { type AuthContext, changePassword, login, register } from './auth.service';
import type { SessionCache } from './session-cache';
import { revokeSession } from './sessions.repository';

export function authRoutes(app: FastifyInstance, ctx: AuthContext, sessionCache: SessionCache): void {
  route(app, registerEndpoint, (input, request) => register(ctx, input, { ip: request.ip, acceptLanguage: request.headers['accept-language'] }));
  route(app, loginEndpoint, (input, request) => login(ctx, input, request.ip));
  route(app, logoutEndpoint, async (_input, request) => {
    await revokeSession(ctx.db, earnerOf(request).sessionId);
    sessionCache.forgetSession(earnerOf(request).sessionId);
    return null;
  });
  route(app, changePasswordEndpoint, async (input, request) => {
    await changePassword(ctx, earnerOf(request).userId, input, request.ip);
    // After the commit, so no concurrent call can put a revoked session back.
    sessionCache.forgetUser(earnerOf(request).userId);
    return null;
  });
}
