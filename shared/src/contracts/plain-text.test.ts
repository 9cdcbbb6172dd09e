import { describe, expect, it } from 'vitest';
import { hasLetterOrDigit, plainText } from './plain-text';

describe('plainText', () => {
  it('drops bidirectional overrides and isolates, and turns controls into one space', () => {
    expect(plainText('\u202Enaik\u202C Ravi')).toBe('naik Ravi');
    expect(plainText('\u2067علی\u2069 Khan')).toBe('علی Khan');
    expect(plainText(' Ravi\n\tKumar \r\n')).toBe('Ravi Kumar');
    expect(plainText('\u0000\u0007')).toBe('');
    expect(plainText('Asha\u2028Devi')).toBe('Asha Devi');
    expect(plainText('\u200fABC\u200e DEF\u061c')).toBe('ABC DEF');
    expect(plainText('\u200b\u200b')).toBe('');
    expect(plainText('Ravi\u{E0041}')).toBe('Ravi');
  });

  it('tells a name that shows something from one that shows nothing', () => {
    expect(hasLetterOrDigit('محمد')).toBe(true);
    expect(hasLetterOrDigit('7')).toBe(true);
    expect(hasLetterOrDigit('\u0301\u0301\u0301')).toBe(false);
    expect(hasLetterOrDigit('\u200d')).toBe(false);
  });

  it('keeps every script, and the joiners some of them spell with', () => {
    for (const name of ['Ravi Kumar', 'محمد علی', 'রহিম উদ্দিন', 'क्‍ष', 'می‌خواهم', "O'Neil-Adé"]) expect(plainText(name)).toBe(name);
  });
});
