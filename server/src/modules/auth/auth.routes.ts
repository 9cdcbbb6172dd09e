import { changePassword as changePasswordEndpoint, login as loginEndpoint, logout as logoutEndpoint, register as registerEndpoint } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { earnerOf, route } from '../../http/route';
import { revokeSession } from './sessions.repository';
import { type AuthContext, changePassword, login, register } from './auth.service';

export function authRoutes(app: FastifyInstance, ctx: AuthContext): void {
  route(app, registerEndpoint, (input, request) => register(ctx, input, request.headers['accept-language']));
  route(app, loginEndpoint, (input, request) => login(ctx, input, request.ip));
  route(app, logoutEndpoint, async (_input, request) => {
    await revokeSession(ctx.db, earnerOf(request).sessionId);
    return null;
  });
  route(app, changePasswordEndpoint, async (input, request) => {
    await changePassword(ctx, earnerOf(request).userId, input);
    return null;
  });
}
