import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('drops bidirectional overrides and isolates, and turns controls into one space', () => {
    expect(plainText('\u202Enaik\u202C Ravi')).toBe('naik Ravi');
    expect(plainText('\u2067علی\u2069 Khan')).toBe('علی Khan');
    expect(plainText(' Ravi\n\tKumar \r\n')).toBe('Ravi Kumar');
    expect(plainText('\u0000\u0007')).toBe('');
  });

  it('keeps every script, and the joiners some of them spell with', () => {
    for (const name of ['Ravi Kumar', 'محمد علی', 'রহিম উদ্দিন', 'क्‍ष', 'می‌خواهم', "O'Neil-Adé"]) expect(plainText(name)).toBe(name);
  });
});
