import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signBody } from './provider-signature';
import { MESSAGING_WEBHOOK_PATH } from './webhook.routes';

/** A delivery in the provider's format, as the WhatsApp Cloud API sends one text message. */
export function inboundDelivery(input: { from: string; text: string; messageId?: string; officialAccount: string; at?: Date }) {
  const from = input.from.replace(/\D/g, '');
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'simulator',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: input.officialAccount.replace(/\D/g, ''), phone_number_id: 'simulator' },
              contacts: [{ profile: { name: 'Simulator' }, wa_id: from }],
              messages: [
                {
                  from,
                  id: input.messageId ?? `wamid.SIM${randomBytes(12).toString('hex')}`,
                  timestamp: String(Math.floor((input.at ?? new Date()).getTime() / 1000)),
                  type: 'text',
                  text: { body: input.text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/**
 * The local stand-in for the messaging provider (demo and tests only): it delivers a message as
 * the provider would, signed with the app secret, through the real webhook, so the whole flow runs
 * without an outside service and the webhook's checks are the ones exercised.
 */
export async function simulateInbound(
  app: FastifyInstance,
  appSecret: string,
  input: { from: string; text: string; officialAccount: string },
): Promise<string> {
  const raw = JSON.stringify(inboundDelivery(input));
  const response = await app.inject({
    method: 'POST',
    url: MESSAGING_WEBHOOK_PATH,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, appSecret) },
  });
  const body = response.json() as { data?: { outcomes?: { outcome: string }[] } };
  return body.data?.outcomes?.[0]?.outcome ?? `status ${response.statusCode}`;
}
