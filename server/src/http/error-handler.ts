import { ErrorCode } from '@grab/shared/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { MessageParams, Translator } from './i18n';
import type { HeaderList } from './security';

interface Failure {
  status: number;
  code: number;
  key: string;
  params?: MessageParams;
}

function isMessaging(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

/** Maps anything thrown while serving a request to the status, code and message key the earner gets. */
function classify(error: unknown, translator: Translator): Failure {
  if (error instanceof AppError) return { status: error.httpStatus, code: error.code, key: error.key, params: error.params };
  const e = error as Partial<FastifyError> & { cause?: { code?: string }; validation?: { message?: string }[] };
  if (Array.isArray(e.validation)) {
    // Contract messages are i18n keys; anything else (a type mismatch zod words itself) is generic.
    const message = e.validation[0]?.message ?? '';
    return { status: 400, code: ErrorCode.validation, key: translator.has(message) ? message : 'validation.form' };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: ErrorCode.payloadTooLarge, key: 'errors.payloadTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: ErrorCode.validation, key: 'errors.malformed' };
    case 'FST_ERR_NOT_FOUND':
    // The file server refuses folders and odd paths: to the client that is simply nothing there.
    case 'FST_STATIC_FORBIDDEN_PATH':
      return { status: 404, code: ErrorCode.notFound, key: 'errors.notFound' };
  }
  // The JSON parser's SyntaxError (malformed body) and fastify's other client errors carry a 4xx.
  if (e.statusCode === 400 || error instanceof SyntaxError) return { status: 400, code: ErrorCode.validation, key: 'errors.malformed' };
  if (e.statusCode === 413) return { status: 413, code: ErrorCode.payloadTooLarge, key: 'errors.payloadTooLarge' };
  if (e.statusCode === 404 || e.statusCode === 403) return { status: 404, code: ErrorCode.notFound, key: 'errors.notFound' };
  if (e.statusCode === 429) return { status: 429, code: ErrorCode.tooManyRequests, key: 'errors.tooManyRequests', params: { minutes: 1 } };
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return { status: 400, code: ErrorCode.validation, key: 'errors.malformed' };
  return { status: 500, code: ErrorCode.internal, key: 'errors.internal' };
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, translator: Translator, failure: Failure) {
  const text = translator.translate(failure.key, request.headers['accept-language'], failure.params);
  const body = isMessaging(request) ? { code: failure.code, data: null, message: text } : { code: failure.code, data: null, msg: text };
  return reply.code(failure.status).type('application/json; charset=utf-8').send(body);
}

/** One handler speaks the envelope for every failure; stack traces and SQL never reach the body. */
export function installErrorHandling(app: FastifyInstance, translator: Translator): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = classify(error, translator);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error, code: failure.code }, 'request refused');
    return sendFailure(request, reply, translator, failure);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/app/task/list%FF`) or a path
 * parameter past the router's limit is refused before any route or hook runs. Without this the
 * client got Fastify's own English `{error, message}`; with it, the envelope in its language. No
 * hook runs for these requests, so the security headers and `no-store` are set here.
 */
export function frameworkErrorHandler(translator: Translator, headers: () => HeaderList) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of headers()) reply.header(name, value);
    reply.header('cache-control', 'no-store');
    const failure = classify(error, translator);
    request.log.debug({ err: error, code: failure.code }, 'request refused by the router');
    return sendFailure(request, reply, translator, failure);
  };
}

/** What Node refuses before a request is read: headers too large, a request too slow, a line it cannot parse. */
function classifyClientError(error: NodeJS.ErrnoException): Failure {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: ErrorCode.headersTooLarge, key: 'errors.payloadTooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: ErrorCode.requestTimeout, key: 'errors.timeout' };
  return { status: 400, code: ErrorCode.validation, key: 'errors.malformed' };
}

/**
 * Fastify's `clientErrorHandler`: requests Node refuses before Fastify sees them get the envelope too,
 * not Fastify's own `{error, message, statusCode}`. Their headers were never read, so the message is
 * in the default language and the connection closes, as Node's own answer does.
 */
export function clientErrorHandler(translator: Translator): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const failure = classifyClientError(error);
    const body = JSON.stringify({ code: failure.code, data: null, msg: translator.translate(failure.key, undefined, failure.params) });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
