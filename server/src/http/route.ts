import { type Endpoint, MESSAGING_OK, OK } from '@grab/shared/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod/mini';
import type { Earner } from '../modules/auth/auth.plugin';
import { errors } from './app-error';

type Input<E extends Endpoint> = z.output<E['input']>;
type Data<E extends Endpoint> = z.input<E['data']>;

type Handler<E extends Endpoint> = (input: Input<E>, request: FastifyRequest) => Promise<Data<E>>;

/** The earner of an authenticated route (its preHandler has already refused anyone else). */
export function earnerOf(request: FastifyRequest): Earner {
  if (!request.earner) throw errors.unauthorized();
  return request.earner;
}

/** The envelope around an endpoint's data: `msg` on the main API, `message` on the messaging API. */
export function envelopeSchema(endpoint: Endpoint) {
  return endpoint.api === 'messaging'
    ? z.object({ code: z.number(), data: endpoint.data, message: z.string() })
    : z.object({ code: z.number(), data: endpoint.data, msg: z.string() });
}

/**
 * Registers one contract endpoint: its `input` validates the query (GET) or body, its `data`
 * shapes the success envelope, and `auth` puts the bearer check in front. Handlers return data
 * only; failures are thrown as AppError and the error handler writes the envelope.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  extra: { preHandler?: preHandlerHookHandler[] } = {},
): void {
  const preHandler: preHandlerHookHandler[] = [];
  if (endpoint.auth) preHandler.push(app.authenticate);
  preHandler.push(...(extra.preHandler ?? []));
  const messaging = endpoint.api === 'messaging';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.method === 'GET' ? { querystring: endpoint.input } : { body: endpoint.input }),
      response: { 200: envelopeSchema(endpoint) },
    },
    preHandler,
    handler: async (request) => {
      const input = (endpoint.method === 'GET' ? request.query : request.body) as Input<E>;
      const data = await handler(input, request);
      return messaging ? { code: MESSAGING_OK, data, message: 'ok' } : { code: OK, data, msg: 'ok' };
    },
  });
}
