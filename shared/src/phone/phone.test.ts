import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { isPhoneCountry, normalizePhone, PHONE_COUNTRIES, payoutCurrency } from './phone';

describe('payoutCurrency', () => {
  it('pays each phone country in its own currency, and the markets without one in USD', () => {
    expect(Object.fromEntries(PHONE_COUNTRIES.map((country) => [country, payoutCurrency(country)]))).toEqual({
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
    });
  });

  it("agrees with every language's own country and currency", () => {
    for (const language of LANGUAGES) {
      expect(isPhoneCountry(language.country), language.key).toBe(true);
      if (isPhoneCountry(language.country)) expect(payoutCurrency(language.country), language.key).toBe(language.currency);
    }
  });
});

describe('normalizePhone', () => {
  it('knows only the listed countries', () => {
    expect(normalizePhone('IN', '9876543210')).toBe('+919876543210');
    expect(normalizePhone('FR', '612345678')).toBeNull();
    expect(isPhoneCountry('FR')).toBe(false);
  });
});
