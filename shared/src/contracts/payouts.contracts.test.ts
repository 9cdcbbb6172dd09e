import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { PAYOUT_FAIL_PRESETS, payoutFail } from './payouts.contracts';

const common = (language: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'i18n', 'locales', `${language}.json`), 'utf8')) as Record<string, Record<string, string>>;
const text = (language: string, key: string) => {
  const [group, name] = key.split('.') as [string, string];
  return common(language)[group]?.[name];
};

describe("a payout operator's reasons to fail an order", () => {
  it('are the English texts the earner app has, word for word, and every language has each', () => {
    for (const [key, english] of Object.entries(PAYOUT_FAIL_PRESETS)) {
      expect(text('en-US', key), key).toBe(english);
      for (const language of LANGUAGES) expect(text(language.key, key)?.trim(), `${language.key} ${key}`).toBeTruthy();
    }
  });

  it('take a key from the list or the operator own words, never a key the earner app does not have', () => {
    const parse = (reason: string) => payoutFail.input.safeParse({ orderId: 1, reason }).success;
    expect(parse('payouts.nameMismatch')).toBe(true);
    expect(parse('The account holder asked us to stop')).toBe(true);
    expect(parse('payouts.nope')).toBe(false);
    expect(parse('payouts.providerUnavailable')).toBe(false);
  });
});
