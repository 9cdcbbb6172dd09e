import { addWsNumber, appInfo, deleteWsAccount, getCode, getPhoneStatus, NumberInput, simulateInbound as simulateEndpoint } from '@grab/shared/contracts';
import { normalizePhone } from '@grab/shared/phone';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { earnerOf, route } from '../../http/route';
import { appInfoOf, type MessagingContext, phoneStatus, removeNumber, requestCode, waitingCode } from './messaging.service';
import { providerSecrets } from './provider-signature';
import { messagingSignCheck } from './sign-check';
import { simulateInbound } from './simulator';
import { messagingWebhookRoutes } from './webhook.routes';

/**
 * `addwsnumber` as the server validates it: the contract's input, and a number that is valid for its
 * country. The contract cannot say the second part without bringing libphonenumber into every page
 * that loads it. As part of validation, a wrong number is refused before the request's (time, sign)
 * pair is spent, the same as any other invalid input.
 */
const addWsNumberChecked = {
  ...addWsNumber,
  input: NumberInput.check(z.refine((input) => normalizePhone(input.country, input.phone) !== null, { error: 'validation.phoneInvalid' })),
};

/**
 * The second API (`/api/user/*`, DESIGN §2.3): an earner proves a number is theirs by sending our
 * one-time code from it to the official account. Nothing here asks for, relays or shows a pairing
 * or linked-device code, and nothing holds a session of the earner's messaging account.
 */
export async function messagingRoutes(app: FastifyInstance, db: Db, config: Config, clock: Clock): Promise<void> {
  const ctx: MessagingContext = { db, clock, config };
  const signed = messagingSignCheck(db);
  const secrets = providerSecrets(db, config.messaging);
  if (config.production && !config.messaging.appSecret) {
    app.log.warn('MESSAGING_APP_SECRET is not set: the provider cannot sign deliveries this server accepts');
  }

  route(app, appInfo, async (_input, request) => appInfoOf(ctx, earnerOf(request).userId), signed);
  route(app, addWsNumberChecked, async (input, request) => requestCode(ctx, earnerOf(request).userId, input), signed);
  route(app, getCode, async (_input, request) => waitingCode(ctx, earnerOf(request).userId), signed);
  route(app, getPhoneStatus, async (input, request) => phoneStatus(ctx, earnerOf(request).userId, input.phone), signed);
  route(app, deleteWsAccount, async (input, request) => removeNumber(ctx, earnerOf(request).userId, input.phone), signed);

  await messagingWebhookRoutes(app, { db, clock, config: config.messaging, secrets });

  if (config.messaging.simulator) {
    route(
      app,
      simulateEndpoint,
      async (input) => ({ outcome: await simulateInbound(app, await secrets.appSecret(), { from: input.phone, text: input.text, officialAccount: config.officialAccount }) }),
      signed,
    );
  }
}
