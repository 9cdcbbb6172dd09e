import { z } from 'zod/mini';
import { endpoint, Empty, Points } from './envelope';

/** A phone number as the earner types it, with its country (checked per country on the server). */
export const NumberInput = z.object({
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  phone: z.string().check(z.minLength(4), z.maxLength(20)),
});
export type NumberInput = z.infer<typeof NumberInput>;

/** One of the earner's verified numbers. */
export const VerifiedNumber = z.object({
  /** E.164, as the earner's messaging app knows it. */
  phone: z.string(),
  country: z.string(),
  verifiedAt: z.string(),
  /** The number messaged our official account within the configured window. */
  online: z.boolean(),
  /** What the number earned this earner, hundredths of a point: once ever (0 when it earned someone before, or the cap held it back). */
  reward: Points,
});
export type VerifiedNumber = z.infer<typeof VerifiedNumber>;

export const AppInfo = z.object({
  /** The platform's official account the earner sends the code to (DESIGN §2.3). */
  officialAccount: z.string(),
  /** How long a code stays valid, in seconds. */
  codeValidSeconds: z.int(),
  /** Daily cap on messaging-task points, hundredths of a point. */
  dailyCap: Points,
  /** What the earner's messaging rewards came to today, hundredths of a point. */
  earnedToday: Points,
  /** What a newly verified number earns, hundredths of a point (once per number, ever). */
  reward: Points,
  /** The operator's eligibility rule (SPEC §6), shown only when one is configured. */
  eligibility: z.nullable(z.string()),
  /** Demo and test servers: the page may send the code itself through the local simulator. */
  simulator: z.boolean(),
  numbers: z.array(VerifiedNumber),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** A code waiting to arrive from the number, and how to send it. */
export const PendingCode = z.object({
  phone: z.string(),
  country: z.string(),
  code: z.string(),
  expiresAt: z.string(),
  /** Opens the messaging app with the code typed in, addressed to the official account. */
  link: z.string(),
});
export type PendingCode = z.infer<typeof PendingCode>;

export const PHONE_STATES = ['waiting', 'verified', 'expired'] as const;

export const PhoneStatus = z.object({
  phone: z.string(),
  state: z.enum(PHONE_STATES),
  online: z.boolean(),
  /** Verified: what it credited (0 when the number had earned before or the cap was reached). */
  reward: Points,
  /** Verified on a day whose messaging points had reached the cap: nothing credited, the number may earn later. */
  capped: z.boolean(),
  expiresAt: z.nullable(z.string()),
});
export type PhoneStatus = z.infer<typeof PhoneStatus>;

export const appInfo = endpoint({ api: 'messaging', method: 'GET', path: '/api/user/get_appinfo', auth: true, input: Empty, data: AppInfo });

/** Issues a one-time code for the number (a write, so POST). */
export const addWsNumber = endpoint({ sends: true, api: 'messaging', method: 'POST', path: '/api/user/addwsnumber', auth: true, input: NumberInput, data: PendingCode });

/** The earner's code still waiting to arrive, if any: a reloaded page resumes the wait. */
export const getCode = endpoint({ api: 'messaging', method: 'GET', path: '/api/user/get_code', auth: true, input: Empty, data: z.nullable(PendingCode) });

export const getPhoneStatus = endpoint({
  api: 'messaging',
  method: 'GET',
  path: '/api/user/get_phonestatus',
  auth: true,
  input: z.object({ phone: z.string().check(z.regex(/^\+\d{6,16}$/)) }),
  data: PhoneStatus,
});

export const deleteWsAccount = endpoint({
  sends: true,
  api: 'messaging',
  method: 'POST',
  path: '/api/user/dwsaccount',
  auth: true,
  input: z.object({ phone: z.string().check(z.regex(/^\+\d{6,16}$/)) }),
  data: z.object({ deleted: z.boolean() }),
});

/**
 * Demo and test servers only: the local simulator sends `text` from `phone` to the official
 * account, as a signed provider delivery, so the whole flow runs without an outside service.
 */
export const simulateInbound = endpoint({
  sends: true,
  api: 'messaging',
  method: 'POST',
  path: '/api/user/simulate_send',
  auth: true,
  input: z.object({ phone: z.string().check(z.regex(/^\+\d{6,16}$/)), text: z.string().check(z.minLength(1), z.maxLength(200)) }),
  data: z.object({ outcome: z.string() }),
});

/** `https://wa.me/<digits>?text=<code>`: the official account's number without its `+`. */
export function sendLink(officialAccount: string, code: string): string {
  return `https://wa.me/${officialAccount.replace(/\D/g, '')}?text=${encodeURIComponent(code)}`;
}
