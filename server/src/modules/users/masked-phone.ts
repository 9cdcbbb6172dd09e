import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const HIDDEN = '•';

/** The country code shown as `+91 ` and the national digits; a number that does not parse keeps its digits and no prefix. */
function partsOf(phone: string): { prefix: string; national: string } {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? { prefix: `+${parsed.countryCallingCode} `, national: parsed.nationalNumber } : { prefix: '', national: phone.replace(/\D/g, '') };
}

/**
 * How reviewers see an earner's number: country code, the first two and last three digits
 * (`+91 98•••••210`). Enough to notice one person behind many accounts, not enough to call them.
 */
export function maskPhoneForReview(phone: string): string {
  const { prefix, national } = partsOf(phone);
  if (national.length <= 5) return `${prefix}${HIDDEN.repeat(national.length)}`;
  return `${prefix}${national.slice(0, 2)}${HIDDEN.repeat(national.length - 5)}${national.slice(-3)}`;
}

/**
 * How team members see each other (an inviter, an invitee): country code and the last four digits
 * only (`+91 ••••••3210`), so a team list is never a list of numbers to call.
 */
export function maskPhoneForTeam(phone: string): string {
  const { prefix, national } = partsOf(phone);
  const shown = national.length > 6 ? 4 : 0;
  return `${prefix}${HIDDEN.repeat(national.length - shown)}${national.slice(national.length - shown)}`;
}
