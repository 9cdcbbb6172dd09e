import type { CurrencyCode } from '../contracts/user.contracts';
import type { PhoneCountry } from './phone';

/**
 * Dialling codes of the countries `@grab/shared/phone` checks (a test keeps the lists equal). That
 * module is imported lazily, on submit, to keep the phone metadata off the first load; this one is
 * small data that the sign-up form, the messaging-number page and the operator console show.
 */
export const DIAL_CODES: Record<string, string> = {
  IN: '+91',
  ID: '+62',
  PK: '+92',
  BD: '+880',
  PH: '+63',
  NG: '+234',
  US: '+1',
  MX: '+52',
  CO: '+57',
  AR: '+54',
  ES: '+34',
};

/**
 * An earner is paid where their phone is: UPI and Indian banks pay rupees whatever language the app
 * speaks. The markets without a currency of their own in SPEC §9 are paid in USD. Migration 0037 holds
 * the same table in SQL, and a test keeps the two equal.
 */
export const PAYOUT_CURRENCIES: Record<PhoneCountry, CurrencyCode> = {
  IN: 'INR',
  ID: 'IDR',
  PK: 'PKR',
  BD: 'BDT',
  PH: 'PHP',
  NG: 'NGN',
  US: 'USD',
  MX: 'USD',
  CO: 'USD',
  AR: 'USD',
  ES: 'USD',
};

export interface CountryOption {
  code: string;
  dialCode: string;
  name: string;
}

const namesByTag = new Map<string, Intl.DisplayNames | null>();

function regionNames(tag: string): Intl.DisplayNames | null {
  if (!namesByTag.has(tag)) {
    try {
      namesByTag.set(tag, new Intl.DisplayNames([tag, 'en'], { type: 'region' }));
    } catch {
      namesByTag.set(tag, null);
    }
  }
  return namesByTag.get(tag) ?? null;
}

/** Country names come from the browser in the earner's language: no translation files needed. */
export function countryOptions(languageTag: string): CountryOption[] {
  const names = regionNames(languageTag);
  return Object.entries(DIAL_CODES).map(([code, dialCode]) => ({
    code,
    dialCode,
    name: names?.of(code) ?? code,
  })).sort((a, b) => a.name.localeCompare(b.name, languageTag));
}

/** One country's name in the reader's language ("India"), or its code where the browser has none. */
export function countryName(code: string, languageTag: string): string {
  return regionNames(languageTag)?.of(code) ?? code;
}

/** The names of the countries whose phones are paid in `currency` ("India"; "United States, Mexico, …"). */
export function countriesPaidIn(currency: string, languageTag: string): string[] {
  const names = regionNames(languageTag);
  return Object.entries(PAYOUT_CURRENCIES)
    .filter(([, paid]) => paid === currency)
    .map(([code]) => names?.of(code) ?? code);
}
