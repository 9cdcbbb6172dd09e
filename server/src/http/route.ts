import { type Endpoint, ErrorCode, MESSAGING_OK, OK } from '@grab/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Earner } from '../modules/auth/auth.plugin';
import { AppError, errors } from './app-error';

const JSON_TYPE = 'application/json; charset=utf-8';

type Input<E extends Endpoint> = z.output<E['input']>;
type Data<E extends Endpoint> = z.input<E['data']>;

type Handler<E extends Endpoint> = (input: Input<E>, request: FastifyRequest) => Promise<Data<E>>;

/** The earner of an authenticated route (its guard has already refused anyone else). */
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
 * For `auth: 'optional'` calls, which strangers and earners alike make: a live token names the
 * earner, a missing, expired or forged one leaves `request.earner` null instead of answering 401,
 * so a visitor with a stale token in storage is still served as a stranger.
 */
function identifyIfSignedIn(app: FastifyInstance): Guard {
  return async (request) => {
    try {
      await app.authenticate(request);
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.unauthorized)) throw error;
      request.earner = null;
    }
  };
}

/** A check of who calls (a token, a role, a signature) that refuses by throwing an AppError. */
export type Guard = (request: FastifyRequest) => Promise<void>;

export interface RouteOptions {
  /** Run after the bearer check, in order, and like it before the input is validated. */
  guards?: Guard[];
  /**
   * Run once the input is valid, just before the handler, in order: for a guard's writes that only a
   * request to be served may make, such as using up a one-time (time, sign) pair. A refused input
   * leaves them unmade, so its corrected retry is not turned away.
   */
  afterValidation?: Guard[];
  /**
   * The handler may answer the same object again (a per-process read cache's value, never changed
   * once made): its envelope goes through the route's own contract serializer the first time, and
   * that JSON is sent again while the object lives. A new object is serialized anew.
   */
  reusesAnswers?: boolean;
}

/**
 * Registers one contract endpoint: its `input` validates the query (GET) or body, its `data`
 * shapes the success envelope, and `auth` puts the bearer check in front (or, when 'optional',
 * reads a token without requiring one). Handlers return data
 * only; failures are thrown as AppError and the error handler writes the envelope.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, extra: RouteOptions = {}): void {
  // Who calls is settled before what they sent is read: a stranger gets 401 and an earner on an
  // operator's call 403 whatever the input, and learns nothing of its schema.
  const guards: Guard[] = [];
  if (endpoint.auth === true) guards.push(app.authenticate);
  else if (endpoint.auth === 'optional') guards.push(identifyIfSignedIn(app));
  guards.push(...(extra.guards ?? []));
  const messaging = endpoint.api === 'messaging';
  const envelope = (data: Data<E>) => (messaging ? { code: MESSAGING_OK, data, message: 'ok' } : { code: OK, data, msg: 'ok' });
  const answered = extra.reusesAnswers ? new WeakMap<object, string>() : null;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Fastify answers HEAD by running the GET's handler, and some GET calls of SPEC §7 act (redeem a
    // code, collect a reward): a HEAD must not do what its GET does without anyone reading the answer.
    exposeHeadRoute: false,
    schema: {
      ...(endpoint.method === 'GET' ? { querystring: endpoint.input } : { body: endpoint.input }),
      response: { 200: envelopeSchema(endpoint) },
    },
    preValidation: guards,
    ...(extra.afterValidation?.length ? { preHandler: extra.afterValidation } : {}),
    handler: async (request, reply) => {
      const input = (endpoint.method === 'GET' ? request.query : request.body) as Input<E>;
      const data = await handler(input, request);
      if (!answered || typeof data !== 'object' || data === null) return envelope(data);
      let json = answered.get(data);
      if (json === undefined) {
        const serialize = reply.getSerializationFunction('200');
        if (!serialize) return envelope(data);
        json = serialize(envelope(data) as unknown as Record<string, unknown>);
        answered.set(data, json);
      }
      // A string with a JSON type is sent as it is, through the same onSend hooks.
      reply.header('content-type', JSON_TYPE);
      return json;
    },
  });
}
