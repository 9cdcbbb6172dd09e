import { ErrorCode } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { PayoutProvider } from './payout-provider';
import { applyPayoutResult } from './payout-results.service';

/** What every provider's callback must carry once its own format is read. */
const ResultBody = z.object({
  eventId: z.string().min(1).max(128),
  reference: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  reason: z.string().max(300).optional(),
});

/**
 * `POST /webhooks/payout/<provider>`: the provider's result of an order. The signature is checked
 * over the raw bytes before anything is parsed, so this route reads its body as a buffer.
 */
export async function webhookRoutes(app: FastifyInstance, db: Db, providers: ReadonlyMap<string, PayoutProvider>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/webhooks/payout/:provider', async (request) => {
      const provider = providers.get(request.params.provider);
      if (!provider) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const check = provider.verify(raw, request.headers, Date.now());
      if (!check.ok) {
        request.log.warn({ provider: provider.name, reason: check.reason }, 'payout webhook refused');
        throw new AppError(ErrorCode.unauthorized, 'errors.badSign');
      }
      let parsed: z.infer<typeof ResultBody>;
      try {
        parsed = ResultBody.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new AppError(ErrorCode.validation, 'errors.malformed');
      }
      const { outcome, order } = await applyPayoutResult(db, provider.name, parsed, new Date());
      const log = { provider: provider.name, eventId: parsed.eventId, reference: parsed.reference, status: parsed.status, outcome, state: order?.state };
      if (outcome === 'refused' || outcome === 'unknown_order') request.log.warn(log, 'payout callback refused');
      else request.log.info(log, 'payout callback');
      // A provider retries anything but success: a repeated or refused delivery is still received.
      return { code: 200, data: { outcome }, msg: 'ok' };
    });
  });
}
