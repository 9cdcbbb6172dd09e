import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CurrencyCode } from '../contracts/user.contracts';
import { PAYOUT_CURRENCIES } from './countries';

/**
 * Phone numbers are checked per country with libphonenumber-js (its small metadata set). The client
 * imports this module lazily, so its ~40 KB stay off the first load; the server uses it directly.
 */
export const PHONE_COUNTRIES = ['IN', 'ID', 'PK', 'BD', 'PH', 'NG', 'US', 'MX', 'CO', 'AR', 'ES'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export function isPhoneCountry(country: string): country is PhoneCountry {
  return (PHONE_COUNTRIES as readonly string[]).includes(country);
}

/** The currency an account of this phone country is paid in, decided once at sign-up. */
export function payoutCurrency(country: PhoneCountry): CurrencyCode {
  return PAYOUT_CURRENCIES[country];
}

/** Returns the number in E.164 form, or null when it is not a valid number of that country. */
export function normalizePhone(country: string, phone: string): string | null {
  if (!isPhoneCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(phone, country);
  if (!parsed?.isValid() || parsed.country !== country) return null;
  return parsed.number;
}

/** An E.164 number as its country writes it for a reader: "+91 98765 43210"; the input when it is not a valid one. */
export function formatPhoneInternational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatInternational() : e164;
}
