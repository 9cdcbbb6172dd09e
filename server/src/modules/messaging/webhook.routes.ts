import { ErrorCode } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { MessagingConfig } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type InboundMessage, type InboundOutcome, receiveInbound } from './inbound.service';
import { SIGNATURE_HEADER, signatureMatches, type providerSecrets } from './provider-signature';

export const MESSAGING_WEBHOOK_PATH = '/webhooks/messaging';

/** The part of the provider's delivery (WhatsApp Cloud API format) this server reads; the rest is ignored. */
const Delivery = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                messages: z
                  .array(
                    z.object({
                      id: z.string().min(1).max(256),
                      from: z.string().regex(/^\d{6,16}$/),
                      type: z.string().optional(),
                      text: z.object({ body: z.string().max(4096) }).optional(),
                    }),
                  )
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

function messagesOf(delivery: z.infer<typeof Delivery>): InboundMessage[] {
  return delivery.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? []).map((m) => ({ id: m.id, from: `+${m.from}`, text: m.text?.body ?? '' })),
    ),
  );
}

function one(value: unknown): string | undefined {
  return Array.isArray(value) ? (value[0] as string | undefined) : typeof value === 'string' ? value : undefined;
}

/**
 * The messaging provider's webhook. GET is the subscription handshake: the provider proves it
 * knows our verify token and we echo its challenge. POST delivers messages; its
 * `X-Hub-Signature-256` is checked over the raw bytes before anything is parsed, so this scope
 * reads bodies as buffers. A forged or unsigned delivery is refused; a signed one is answered 200
 * even when it verifies nothing (the provider retries anything else), and a repeated message id
 * changes nothing.
 */
export async function messagingWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: MessagingConfig; secrets: ReturnType<typeof providerSecrets> },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.get(MESSAGING_WEBHOOK_PATH, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const token = await deps.secrets.verifyToken();
      if (one(query['hub.mode']) !== 'subscribe' || one(query['hub.verify_token']) !== token) {
        throw new AppError(ErrorCode.forbidden, 'errors.forbidden');
      }
      return reply.type('text/plain').send(one(query['hub.challenge']) ?? '');
    });

    scope.post(MESSAGING_WEBHOOK_PATH, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = one(request.headers[SIGNATURE_HEADER]);
      if (!signatureMatches(raw, header, await deps.secrets.appSecret())) {
        request.log.warn({ signed: Boolean(header) }, 'messaging webhook refused');
        throw new AppError(ErrorCode.unauthorized, 'errors.badSign');
      }
      let delivery: z.infer<typeof Delivery>;
      try {
        delivery = Delivery.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new AppError(ErrorCode.validation, 'errors.malformed');
      }
      const outcomes: { id: string; outcome: InboundOutcome }[] = [];
      for (const message of messagesOf(delivery)) {
        const outcome = await receiveInbound(deps.db, deps.clock, deps.config, message);
        outcomes.push({ id: message.id, outcome });
        request.log.info({ messageId: message.id, outcome }, 'messaging inbound');
      }
      return { code: 200, data: { outcomes }, msg: 'ok' };
    });
  });
}
