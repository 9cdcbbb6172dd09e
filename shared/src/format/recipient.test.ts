import { describe, expect, it } from 'vitest';
import { institutionBesideMethod } from './recipient';

describe('institutionBesideMethod', () => {
  it('leaves out an institution that only repeats the method, whatever its case', () => {
    expect(institutionBesideMethod('UPI', ['UPI', 'upi'])).toBeNull();
    expect(institutionBesideMethod('Upi ', ['UPI'])).toBeNull();
  });

  it('keeps an institution that names something more', () => {
    expect(institutionBesideMethod('HDFC Bank', ['Bank', 'bank'])).toBe('HDFC Bank');
    expect(institutionBesideMethod('JazzCash', ['والیٹ', 'wallet'])).toBe('JazzCash');
  });
});
