import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const HIDDEN = '•';

/**
 * How reviewers see an earner's number: country code, the first two and last three digits
 * (`+91 98•••••210`). Enough to notice one person behind many accounts, not enough to call them.
 */
export function maskPhoneForReview(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  const national = parsed ? parsed.nationalNumber : phone.replace(/\D/g, '');
  const prefix = parsed ? `+${parsed.countryCallingCode} ` : '';
  if (national.length <= 5) return `${prefix}${HIDDEN.repeat(national.length)}`;
  return `${prefix}${national.slice(0, 2)}${HIDDEN.repeat(national.length - 5)}${national.slice(-3)}`;
}
