import { PHONE_COUNTRIES } from '@grab/shared/phone';
import { describe, expect, it } from 'vitest';
import { countryOptions, DIAL_CODES } from './countries';

describe('countryOptions', () => {
  it('offers exactly the countries the phone check knows', () => {
    expect(Object.keys(DIAL_CODES).sort()).toEqual([...PHONE_COUNTRIES].sort());
  });

  it('names countries in the earner language with their dialling code', () => {
    const india = countryOptions('en-US').find((c) => c.code === 'IN');
    expect(india).toEqual({ code: 'IN', dialCode: '+91', name: 'India' });
  });
});
