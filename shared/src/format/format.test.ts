import { describe, expect, it } from 'vitest';
import type { Currency } from '../contracts/config.contracts';
import { formatMoney, formatPoints, pointsToMoney } from './format';

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
    expect(formatPoints(-300, 'en-US', { signed: true })).toBe('-3');
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
