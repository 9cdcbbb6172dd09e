import { normalizePhone, PHONE_COUNTRIES } from '@grab/shared/phone';
import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { maskPhoneForReview, maskPhoneForTeam, phoneParts } from './masked-phone';

/** What libphonenumber itself makes of a number: the split `phoneParts` must agree with. */
function parsedParts(phone: string) {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? { prefix: `+${parsed.countryCallingCode} `, national: parsed.nationalNumber } : { prefix: '', national: phone.replace(/\D/g, '') };
}

/** Valid numbers of a registration country as registration stores them: its example mobile number with other last digits. */
const storedNumber = fc
  .record({ country: fc.constantFrom(...PHONE_COUNTRIES), tail: fc.stringMatching(/^\d{1,4}$/) })
  .map(({ country, tail }) => {
    const example = examples[country];
    return normalizePhone(country, `${example.slice(0, example.length - tail.length)}${tail}`);
  })
  .filter((phone): phone is string => phone !== null);

describe('phoneParts', () => {
  it('splits every stored number where libphonenumber does', () => {
    fc.assert(
      fc.property(storedNumber, (phone) => {
        expect(phoneParts(phone)).toEqual(parsedParts(phone));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with libphonenumber on the example number of every registration country', () => {
    for (const country of PHONE_COUNTRIES) {
      const phone = normalizePhone(country, examples[country]);
      expect(phone, country).not.toBeNull();
      expect(phoneParts(phone as string), country).toEqual(parsedParts(phone as string));
    }
  });

  it('leaves anything that is not a stored number to libphonenumber', () => {
    const other = fc.oneof(fc.string(), fc.stringMatching(/^\+\d{0,17}$/), fc.stringMatching(/^\+(?:44|49|7|86)\d{6,12}$/));
    fc.assert(
      fc.property(other, (phone) => {
        const digits = /^\+(\d{8,15})$/.exec(phone)?.[1];
        const ours = digits && PHONE_COUNTRIES.some((country) => digits.startsWith(getCountryCallingCode(country)));
        if (!ours) expect(phoneParts(phone)).toEqual(parsedParts(phone));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('masks', () => {
  it('shows reviewers the country code, two first and three last digits', () => {
    expect(maskPhoneForReview('+919876543210')).toBe('+91 98•••••210');
    expect(maskPhoneForReview('+12015550123')).toBe('+1 20•••••123');
    expect(maskPhoneForReview('+8801712345678')).toBe('+880 17•••••678');
  });

  it('shows team members the country code and four last digits', () => {
    expect(maskPhoneForTeam('+919876543210')).toBe('+91 ••••••3210');
    expect(maskPhoneForTeam('+2348031234567')).toBe('+234 ••••••4567');
  });

  it('keeps the digits of what is no number, and no prefix', () => {
    expect(maskPhoneForReview('IN:12')).toBe('••');
    expect(maskPhoneForTeam('')).toBe('');
  });
});
