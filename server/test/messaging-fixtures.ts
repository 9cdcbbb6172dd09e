import { MESSAGING_TIME_HEADER, MESSAGING_VERIFY_HEADER, messagingSign, messagingVerify, type PendingCode } from '@grab/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database';
import { serverSecret } from '../src/db/server-secrets';
import { signBody } from '../src/modules/messaging/provider-signature';
import { inboundDelivery } from '../src/modules/messaging/simulator';
import { type Registered, uniquePhone } from './helper';

export interface MessagingAnswer<T = unknown> {
  status: number;
  body: { code: number; data: T | null; message: string };
}

let last = 0;
/**
 * A time no call has used before (a repeated (time, sign) pair is a replay), within the accepted
 * skew. Strictly increasing: "now minus a counter" repeats itself whenever two calls are one
 * millisecond and one count apart, which a fast refusal followed by the next call can be.
 */
export function freshTime(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}

export interface SignedOptions {
  /** As sent in the time header; a string to send a spelling of it the client never would. */
  time?: number | string;
  sign?: string;
  verify?: string;
  token?: string | null;
  language?: string;
}

/** A messaging API call signed as the client signs it (SPEC §7), with the earner's token. */
export async function signedCall<T = unknown>(
  app: FastifyInstance,
  earner: Registered,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, string> = {},
  options: SignedOptions = {},
): Promise<MessagingAnswer<T>> {
  const time = String(options.time ?? freshTime());
  const sign = options.sign ?? (await messagingSign(path, earner.thirdUserId, earner.thirdName));
  const verify = options.verify ?? (await messagingVerify(time, sign));
  const token = options.token === undefined ? earner.token : options.token;
  const query = new URLSearchParams({ ...(method === 'GET' ? input : {}), sign });
  const response = await app.inject({
    method,
    url: `${path}?${query}`,
    headers: {
      [MESSAGING_TIME_HEADER]: time,
      [MESSAGING_VERIFY_HEADER]: verify,
      'accept-language': options.language ?? 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { payload: input } : {}),
  });
  return { status: response.statusCode, body: response.json() as MessagingAnswer<T>['body'] };
}

/** A new Indian mobile number, as typed and in E.164. */
export function newNumber(): { country: 'IN'; phone: string; e164: string } {
  const phone = uniquePhone();
  return { country: 'IN', phone, e164: `+91${phone}` };
}

export async function requestCode(app: FastifyInstance, earner: Registered, number: { country: string; phone: string }): Promise<PendingCode> {
  const answer = await signedCall<PendingCode>(app, earner, 'POST', '/api/user/addwsnumber', { country: number.country, phone: number.phone });
  if (answer.body.code !== 0 || !answer.body.data) throw new Error(`addwsnumber refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Posts a delivery to the webhook: signed with the app secret unless `signature` says otherwise. */
export async function deliver(
  app: FastifyInstance,
  db: Db,
  message: { from: string; text: string; messageId?: string },
  signature?: string | null,
): Promise<{ status: number; outcomes: { id: string; outcome: string }[]; raw: string }> {
  const raw = JSON.stringify(inboundDelivery({ ...message, officialAccount: '+10000000000' }));
  const secret = await serverSecret(db, 'messaging-app-secret');
  const header = signature === undefined ? signBody(raw, secret) : signature;
  const response = await app.inject({
    method: 'POST',
    url: '/webhooks/messaging',
    payload: raw,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'x-hub-signature-256': header }) },
  });
  const body = response.json() as { data?: { outcomes?: { id: string; outcome: string }[] } };
  return { status: response.statusCode, outcomes: body.data?.outcomes ?? [], raw };
}
