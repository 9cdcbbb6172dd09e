import { z } from 'zod/mini';

/**
 * Every call of both APIs is described once here and used by the server (route schemas) and the
 * client (typed calls, response checks). `zod/mini` keeps these schemas small on the first load.
 */

/** Main API success code (SPEC §7–8). */
export const OK = 200;
/** Messaging API success code (SPEC §7–8). */
export const MESSAGING_OK = 0;
/** Messaging API code whose message maps to no dialog (SPEC §8). */
export const MESSAGING_SILENT = 10030;

/**
 * Business and validation codes. The message the earner reads travels in `msg`, already in the
 * earner's language; the code lets a client react without parsing text.
 */
export const ErrorCode = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** The request did not arrive in time (Node's request timeout); nothing of it was read. */
  requestTimeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  /** The headers were larger than Node reads; nothing of the request was read. */
  headersTooLarge: 431,
  tooManyRequests: 429,
  internal: 500,
  phoneTaken: 1001,
  badCredentials: 1002,
  inviteCodeUnknown: 1003,
  oldPasswordWrong: 1004,
  tooManySignups: 1005,
  insufficientBalance: 1101,
  withdrawLimit: 1102,
  coolingOff: 1103,
  /** Recipients: the chosen bank, wallet or UPI is not (or no longer) offered in the earner's country. */
  institutionUnavailable: 1104,
  levelInsufficient: 1201,
  taskUnavailable: 1202,
  stepNotReady: 1203,
  proofRequired: 1204,
  nothingToCollect: 1205,
  codeUnknown: 1301,
  codeExpired: 1302,
  codeUsedUp: 1303,
  codeAlreadyRedeemed: 1304,
  uploadRefused: 1401,
  uploadAlreadyUsed: 1402,
  noSpins: 1501,
  badSign: 2001,
  staleTime: 2002,
  /** Messaging numbers: verified by another earner (a number belongs to one earner). */
  numberTaken: 3001,
  /** Messaging numbers: today's messaging points are at the cap. */
  messagingCapReached: 3002,
  /** Messaging numbers: not one of the earner's own numbers. */
  numberUnknown: 3004,
  /** Messaging numbers: already one of the earner's verified numbers. */
  numberAlreadyVerified: 3005,
  /** A messaging API call whose (time, sign) pair was already accepted: a repeat, dropped without a dialog. */
  replayed: MESSAGING_SILENT,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type HttpMethod = 'GET' | 'POST';

/**
 * One call of an API. `input` is the query (GET) or the JSON body (other methods); `data` is what
 * the envelope's `data` holds on success.
 */
export interface Endpoint<I extends z.ZodMiniType = z.ZodMiniType, D extends z.ZodMiniType = z.ZodMiniType> {
  readonly api: 'main' | 'messaging';
  readonly method: HttpMethod;
  readonly path: string;
  /** Whether the call needs a bearer token; `optional` reads one when sent (visits from strangers and earners alike). */
  readonly auth: boolean | 'optional';
  readonly input: I;
  readonly data: D;
  /**
   * The call does something the earner asked for (a withdrawal, a redeemed code), whatever its
   * method (SPEC's redeem is a GET, its reads of the profile POSTs). Offline, its failure says it
   * was not sent, where a read stays silent under the offline notice.
   */
  readonly sends?: true;
}

export function endpoint<I extends z.ZodMiniType, D extends z.ZodMiniType>(def: Endpoint<I, D>): Endpoint<I, D> {
  return def;
}

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** The body of every main API response. */
export interface MainEnvelope<T> {
  code: number;
  data: T | null;
  msg: string;
}

/** The body of every messaging API response (SPEC §7: `message`, code 0 on success). */
export interface MessagingEnvelope<T> {
  code: number;
  data: T | null;
  message: string;
}

export const Empty = z.object({});
export const Nothing = z.null();

/** Points are integers in hundredths of a point everywhere (DESIGN §4). */
export const Points = z.int().check(z.gte(0));
