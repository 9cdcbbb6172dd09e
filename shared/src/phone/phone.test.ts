import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { countriesPaidIn, countryName } from './countries';
import { formatPhoneInternational, isPhoneCountry, normalizePhone, payoutCurrency } from './phone';

describe('payoutCurrency', () => {
  it('pays the Spanish-speaking markets, which have no currency of their own in SPEC §9, in USD', () => {
    for (const country of ['MX', 'CO', 'AR', 'ES'] as const) expect(payoutCurrency(country), country).toBe('USD');
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

describe('countriesPaidIn', () => {
  it('names the phone countries a currency pays, in the language asked for', () => {
    expect(countriesPaidIn('INR', 'en')).toEqual(['India']);
    expect(countriesPaidIn('USD', 'en')).toEqual(['United States', 'Mexico', 'Colombia', 'Argentina', 'Spain']);
    expect(countriesPaidIn('EUR', 'en')).toEqual([]);
  });
});

describe('countryName', () => {
  it("names a country in the reader's language, and gives the code back when no name is known", () => {
    expect(countryName('IN', 'en')).toBe('India');
    expect(countryName('PK', 'en')).toBe('Pakistan');
    expect(countryName('XX', 'en')).toBe('XX');
  });
});

describe('formatPhoneInternational', () => {
  it('writes a valid number as its country groups it', () => {
    expect(formatPhoneInternational('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhoneInternational('+923001234567')).toBe('+92 300 1234567');
  });

  it('leaves what it cannot tell valid as it was given, rather than grouping it wrongly', () => {
    expect(formatPhoneInternational('+10000000000')).toBe('+10000000000');
    expect(formatPhoneInternational('not a number')).toBe('not a number');
  });
});
