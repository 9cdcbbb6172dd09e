import type { APIRequestContext } from '@playwright/test';

export const ROOT_INVITE_CODE = 'ROOT01';
export const DEFAULT_PASSWORD = 'grab-pass-2026';

export interface Earner {
  country: string;
  phone: string;
  password: string;
  token: string;
  userInfo: Record<string, unknown> & { id: number; inviteCode: string; asset: number };
}

let counter = 0;

/** A valid Indian mobile number no other test uses (the first digit 9, then 9 digits). */
export function freshPhone(): string {
  counter += 1;
  const unique = `${Date.now() % 1_000_000}${process.pid % 100}${counter}`.slice(-8).padStart(8, '0');
  return `98${unique}`;
}

/** Registers an earner through the real API, the way the register page does. */
export async function registerEarner(request: APIRequestContext, inviteCode = ROOT_INVITE_CODE): Promise<Earner> {
  const phone = freshPhone();
  const response = await request.post('/public/user/register', {
    data: { country: 'IN', phone, password: DEFAULT_PASSWORD, rePassword: DEFAULT_PASSWORD, inviteCode },
  });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { country: 'IN', phone, password: DEFAULT_PASSWORD, token: body.data.token, userInfo: body.data.userInfo };
}
