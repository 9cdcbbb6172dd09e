import { drawSetup, drawSpin, drawSpinResult, drawStatus } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { earnerOf, route } from '../../http/route';
import { type DrawContext, drawSetupOf, drawStatusOf, spin, spinResultOf } from './draw.service';

export function drawRoutes(app: FastifyInstance, ctx: DrawContext): void {
  route(app, drawSetup, (_input, request) => drawSetupOf(ctx, earnerOf(request).userId));
  route(app, drawStatus, (_input, request) => drawStatusOf(ctx, earnerOf(request).userId));
  route(app, drawSpin, (input, request) => spin(ctx, earnerOf(request).userId, input.idempotencyKey));
  route(app, drawSpinResult, (input, request) => spinResultOf(ctx, earnerOf(request).userId, input.spinId));
}
