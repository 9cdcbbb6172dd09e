import { ErrorCode, IMAGE_PATH, imageUpload, OK, UPLOAD_MAX_BYTES, UPLOAD_PATH } from '@grab/shared/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { earnerOf, envelopeSchema } from '../../http/route';
import { sweepStaleTemps } from './upload-files';
import { assertUnderHourlyLimit, imageForViewer, storeUpload, type UploadsContext } from './uploads.service';

/** Older than this, a temp file is left from a crash, not an upload in progress. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Served pictures are inert: no sniffing into HTML, no scripts or subresources, never shared caches. */
const IMAGE_HEADERS = {
  'content-type': 'image/webp',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'cache-control': 'private, max-age=86400',
  'content-disposition': 'inline',
};

/** Fastify's own refusals of an upload body, in words an earner understands. */
function asUploadRefusal(error: FastifyError): Error {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError(ErrorCode.payloadTooLarge, 'uploads.tooLarge', { megabytes: UPLOAD_MAX_BYTES / (1024 * 1024) });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError(ErrorCode.uploadRefused, 'uploads.notAnImage');
  return error;
}

/**
 * Screenshot upload and viewing. Registered in their own scope, so the raw-bytes parser and the
 * 10 MB limit apply to the upload route only; every other route keeps the 64 KB JSON limit.
 */
export async function uploadsRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  const ctx: UploadsContext = { db, dir: config.uploadsDir, perHour: config.uploadsPerHour };
  app.addHook('onReady', async () => {
    const removed = await sweepStaleTemps(config.uploadsDir, STALE_TEMP_MS);
    if (removed > 0) app.log.info({ removed }, 'removed temp files of interrupted uploads');
  });

  await app.register(async (scope) => {
    const asBuffer = { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES } as const;
    const keep = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
    // Any image/* type reaches the byte check, so a GIF or SVG is refused with a message that says why.
    scope.addContentTypeParser(/^image\//, asBuffer, keep);
    scope.addContentTypeParser('application/octet-stream', asBuffer, keep);
    // Thrown on: the root handler writes the envelope.
    scope.setErrorHandler(async (error: FastifyError) => {
      throw asUploadRefusal(error);
    });

    scope.route({
      method: 'POST',
      url: UPLOAD_PATH,
      bodyLimit: UPLOAD_MAX_BYTES,
      // Before the body is read: a stranger or an earner over the hourly limit never costs 10 MB of reading.
      onRequest: [
        app.authenticate,
        async (request) => assertUnderHourlyLimit(db, ctx.perHour, earnerOf(request).userId),
      ],
      schema: { response: { 200: envelopeSchema(imageUpload) } },
      handler: async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await storeUpload(ctx, earnerOf(request).userId, bytes);
        return { code: OK, data, msg: 'ok' };
      },
    });

    scope.get<{ Params: { id: string } }>(`${IMAGE_PATH}/:id`, { preHandler: app.authenticate }, async (request, reply) => {
      const bytes = await imageForViewer(ctx, earnerOf(request).userId, request.params.id);
      return reply.headers(IMAGE_HEADERS).send(bytes);
    });
  });
}
