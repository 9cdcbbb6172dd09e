import { describe, expect, it } from 'vitest';
import type { Currency } from '../contracts/config.contracts';
import { currencyLabel, displayCurrency, formatMoney, formatPoints, pointsToMoney } from './format';

const INR: Currency = { code: 'INR', language: 'hi-IN', microsPerPoint: 1_000_000, fractionDigits: 2 };
const IDR: Currency = { code: 'IDR', language: 'hi-IND', microsPerPoint: 150_000_000, fractionDigits: 0 };

describe('formatPoints', () => {
  it('shows hundredths as points', () => {
    expect(formatPoints(10000, 'en-US')).toBe('100');
    expect(formatPoints(12345, 'en-US')).toBe('123.45');
    expect(formatPoints(123456700, 'en-US')).toBe('1,234,567');
  });

  it("uses the language's own number format", () => {
    expect(formatPoints(123456700, 'hi-IND')).toBe('1.234.567');
    expect(formatPoints(123456700, 'hi-IN')).toMatch(/12,34,567/);
  });

  it('signs a figure when asked, gains included', () => {
    expect(formatPoints(522409, 'en-US', { signed: true })).toBe('+5,224.09');
    expect(formatPoints(-300, 'en-US', { signed: true })).toBe('\u22123');
    expect(formatPoints(522409, 'en-US')).toBe('5,224.09');
  });
});

describe('formatMoney', () => {
  it('converts at the rate and formats in the currency', () => {
    expect(pointsToMoney(10000, INR)).toBe(100);
    expect(formatMoney(10000, INR, 'en-US')).toBe('₹100.00');
    expect(pointsToMoney(150, IDR)).toBe(225);
    expect(formatMoney(150, IDR, 'hi-IND')).toMatch(/^Rp\s?225$/);
  });
});

describe('displayCurrency', () => {
  const USD: Currency = { code: 'USD', language: 'en-US', microsPerPoint: 12_000, fractionDigits: 2 };
  const listed = [USD, INR, IDR];

  it("shows worth in the account's currency whatever the language", () => {
    expect(displayCurrency(listed, 'en-US', 'INR')).toBe(INR);
    expect(displayCurrency(listed, 'ur-PK', 'INR')).toBe(INR);
    expect(displayCurrency(listed, 'hi-IN', 'USD')).toBe(USD);
  });

  it("falls back to the language's currency without an account, and shows none for an account's currency the operator does not list", () => {
    expect(displayCurrency(listed, 'hi-IND')).toBe(IDR);
    expect(displayCurrency(listed, 'hi-IN', 'PHP')).toBeUndefined();
    expect(displayCurrency(listed, 'ur-PK')).toBeUndefined();
    expect(displayCurrency(undefined, 'en-US', 'USD')).toBeUndefined();
  });
});

describe('currencyLabel', () => {
  it('writes the code and the symbol the language uses', () => {
    expect(currencyLabel('INR', 'en-US')).toBe('INR (₹)');
    expect(currencyLabel('USD', 'en-US')).toBe('USD ($)');
    expect(currencyLabel('PKR', 'ur-PK')).toMatch(/^PKR \(.+\)$/);
  });

  it('gives the code alone when there is no other symbol, or the code is unknown', () => {
    expect(currencyLabel('XYZ', 'en-US')).toBe('XYZ');
    expect(currencyLabel('not a code', 'en-US')).toBe('not a code');
  });
});
