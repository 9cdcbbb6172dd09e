import { describe, expect, it } from 'vitest';
import { directionOf } from './direction';

describe('directionOf', () => {
  it('goes by the script most words are in, not by the first letter', () => {
    expect(directionOf('Grab کا آفیشل پیج فالو کریں اور اسکرین شاٹ اپ لوڈ کریں')).toBe('rtl');
    expect(directionOf('Follow the NetGo page and upload a screenshot')).toBe('ltr');
    expect(directionOf('Upload a screenshot of «نیٹ گو» in your feed')).toBe('ltr');
    expect(directionOf('ہندی: अपना पेज फॉलो करें')).toBe('ltr');
  });

  it('takes the first word on a tie, and has no direction without letters', () => {
    expect(directionOf('Grab ایپ')).toBe('ltr');
    expect(directionOf('ایپ Grab')).toBe('rtl');
    expect(directionOf('+92 300 1234567')).toBeUndefined();
    expect(directionOf('')).toBeUndefined();
  });

  it('does not count a value isolated inside the text', () => {
    expect(directionOf('وجہ: \u2068The screenshot is blurry\u2069')).toBe('rtl');
    expect(directionOf('Reason: \u2068تصویر دھندلی ہے اور پڑھی نہیں جاتی\u2069')).toBe('ltr');
  });
});
