import { PHONE_COUNTRIES } from '@grab/shared/phone';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

const HIDDEN = '•';

/** The calling codes of the countries numbers are registered in: "1", "91", "880"… (no one is the start of another). */
const CALLING_CODES = new Set<string>(PHONE_COUNTRIES.map((country) => getCountryCallingCode(country)));

/**
 * The country code and the national digits. A stored number is the E.164 form of a valid number
 * of a registration country (`normalizePhone`), so it splits after its calling code without a
 * parse; libphonenumber would first place it in a country, which for +1 means trying up to 25
 * countries' patterns on every answer that shows a number. Anything else goes through
 * libphonenumber, and a number that does not parse keeps its digits and no prefix.
 */
export function phoneParts(phone: string): { prefix: string; national: string } {
  const digits = /^\+(\d{8,15})$/.exec(phone)?.[1];
  if (digits) {
    for (const length of [1, 2, 3]) {
      const code = digits.slice(0, length);
      if (CALLING_CODES.has(code)) return { prefix: `+${code} `, national: digits.slice(length) };
    }
  }
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? { prefix: `+${parsed.countryCallingCode} `, national: parsed.nationalNumber } : { prefix: '', national: phone.replace(/\D/g, '') };
}

/**
 * How reviewers see an earner's number: country code, the first two and last three digits
 * (`+91 98•••••210`). Enough to notice one person behind many accounts, not enough to call them.
 */
export function maskPhoneForReview(phone: string): string {
  const { prefix, national } = phoneParts(phone);
  if (national.length <= 5) return `${prefix}${HIDDEN.repeat(national.length)}`;
  return `${prefix}${national.slice(0, 2)}${HIDDEN.repeat(national.length - 5)}${national.slice(-3)}`;
}

/**
 * How team members see each other (an inviter, an invitee): country code and the last four digits
 * only (`+91 ••••••3210`), so a team list is never a list of numbers to call.
 */
export function maskPhoneForTeam(phone: string): string {
  const { prefix, national } = phoneParts(phone);
  const shown = national.length > 6 ? 4 : 0;
  return `${prefix}${HIDDEN.repeat(national.length - shown)}${national.slice(national.length - shown)}`;
}
