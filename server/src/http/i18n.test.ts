import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grab-locales-'));
fs.writeFileSync(
  path.join(dir, 'en-US.json'),
  JSON.stringify({
    errors: { tooManyRequests: 'Wait {{minutes}} minutes', internal: 'Oops', badSign: 'Bad sign', short: 'You need {{points}} more points', least: 'At least {{amount}}' },
    validation: { form: 'Fill the form' },
  }),
);
fs.writeFileSync(path.join(dir, 'ur-PK.json'), JSON.stringify({ errors: { tooManyRequests: '{{minutes}} منٹ انتظار کریں' } }));
fs.writeFileSync(path.join(dir, 'bn-BD.json'), '{ not json');

describe('the server translator', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const t = createTranslator(dir);

  it('picks the language from Accept-Language and fills placeholders', () => {
    expect(t.translate('errors.tooManyRequests', 'ur-PK,ur;q=0.9', { minutes: 7 })).toBe('7 منٹ انتظار کریں');
    expect(t.translate('errors.tooManyRequests', 'en', { minutes: 3 })).toBe('Wait 3 minutes');
  });

  it('falls back to English for a missing key, a missing file or an unreadable file', () => {
    expect(t.translate('errors.badSign', 'ur-PK')).toBe('Bad sign');
    expect(t.translate('errors.badSign', 'ha-NG')).toBe('Bad sign');
    expect(t.translate('errors.badSign', 'bn-BD')).toBe('Bad sign');
  });

  it("writes points and money in the language's own way, as the screens do", () => {
    const lakh = { points: 1_00_000_00 };
    expect(t.translate('errors.short', 'en-US', { points: lakh })).toBe('You need 100,000 more points');
    expect(t.translate('errors.short', 'hi-IN', { points: lakh })).toBe(`You need ${new Intl.NumberFormat('hi-IN').format(100_000)} more points`);
    expect(t.translate('errors.short', 'hi-IN', { points: lakh })).toContain('1,00,000');
    expect(t.translate('errors.least', 'en-US', { amount: { money: 10_000, currency: 'INR', fractionDigits: 2 } })).toBe('At least ₹100.00');
    expect(t.translate('errors.least', 'en-US', { amount: { money: 500, currency: 'IDR', fractionDigits: 0 } })).toBe(`At least ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(500)}`);
    // A code Intl refuses still reads as its amount, after the code.
    expect(t.translate('errors.least', 'en-US', { amount: { money: 150, currency: 'X1', fractionDigits: 2 } })).toBe('At least X1 1.50');
  });

  it('never shows a raw key: an unknown key becomes the generic error', () => {
    expect(t.has('validation.form')).toBe(true);
    expect(t.has('Invalid input: expected string')).toBe(false);
    expect(t.translate('errors.nope', 'en-US')).toBe('Oops');
  });
});
