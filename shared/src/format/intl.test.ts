import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('cached Intl formatters', () => {
  it('builds one formatter per locale and options, and formats as a new one would', () => {
    const a = numberFormat('en-IN', { style: 'unit', unit: 'day', unitDisplay: 'long' });
    expect(numberFormat('en-IN', { style: 'unit', unit: 'day', unitDisplay: 'long' })).toBe(a);
    expect(numberFormat('en-IN', { style: 'unit', unit: 'hour', unitDisplay: 'long' })).not.toBe(a);
    expect(numberFormat('ur-PK', { style: 'unit', unit: 'day', unitDisplay: 'long' })).not.toBe(a);
    expect(a.format(30)).toBe(new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(30));
  });

  it('keeps date formats apart by their options', () => {
    const time = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    expect(dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })).toBe(time);
    expect(time.format(Date.UTC(2026, 0, 1, 5, 30))).toBe('5:30 AM');
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 1))).toBe('Jan 1, 2026');
  });
});
