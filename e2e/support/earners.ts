import type { APIRequestContext } from '@playwright/test';

export const ROOT_INVITE_CODE = 'ROOT01';
export const DEFAULT_PASSWORD = 'grab-pass-2026';

/** An Indian mobile number, its ten national digits, as the app writes it for a reader: "+91 97123 45678". */
export function shownIndianNumber(national: string): string {
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
}

export interface Earner {
  country: string;
  phone: string;
  password: string;
  token: string;
  userInfo: Record<string, unknown> & { id: number; inviteCode: string; asset: number };
}

let counter = 0;

/** Eight digits no other test uses: the time, the process and a counter. */
function uniqueDigits(): string {
  counter += 1;
  return `${Date.now() % 1_000_000}${process.pid % 100}${counter}`.slice(-8).padStart(8, '0');
}

/** A valid Indian mobile number no other test uses (the first digit 9, then 9 digits). */
export function freshPhone(): string {
  return `98${uniqueDigits()}`;
}

/** Valid mobile numbers of the other countries tests sign up from: a first part, then unique digits. */
const FRESH_PHONES = {
  IN: freshPhone,
  // New Jersey's 201 with a 5xx exchange.
  US: () => `2015${uniqueDigits().slice(-6)}`,
  PK: () => `31${uniqueDigits()}`,
  // An MTN Nigeria mobile number (803 and seven digits).
  NG: () => `803${uniqueDigits().slice(-7)}`,
} as const;

export type SignUpCountry = keyof typeof FRESH_PHONES;

/** A valid mobile number of `country` that no test has used, as typed after the dial code. */
export function freshPhoneOf(country: SignUpCountry): string {
  return FRESH_PHONES[country]();
}

/**
 * Registers an earner through the real API, the way the register page does: from a phone of
 * `country` (which decides the currency they are paid in) whose app speaks `language` (none: English).
 */
export async function registerEarnerOf(request: APIRequestContext, from: { country: SignUpCountry; language?: string; inviteCode?: string }): Promise<Earner> {
  const phone = FRESH_PHONES[from.country]();
  const response = await request.post('/public/user/register', {
    ...(from.language ? { headers: { 'accept-language': from.language } } : {}),
    data: { country: from.country, phone, password: DEFAULT_PASSWORD, rePassword: DEFAULT_PASSWORD, inviteCode: from.inviteCode ?? ROOT_INVITE_CODE },
  });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { country: from.country, phone, password: DEFAULT_PASSWORD, token: body.data.token, userInfo: body.data.userInfo };
}

/** An Indian earner, registered through the real API the way the register page does. */
export function registerEarner(request: APIRequestContext, inviteCode = ROOT_INVITE_CODE): Promise<Earner> {
  return registerEarnerOf(request, { country: 'IN', inviteCode });
}
