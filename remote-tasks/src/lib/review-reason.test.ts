import { LANGUAGES, type Translate } from '@grab/shared';
import { interpolate } from '@grab/shared/i18n/interpolate';
import { REVIEW_FAIL_PRESETS, reviewPresetOf } from '@grab/shared/review-presets';
import { describe, expect, it } from 'vitest';
import { reviewReasonLine } from './review-reason.lib';

type Pages = { reasonLine: string; presetAndNote: string; failPresets: Record<string, string> };
const files = import.meta.glob<Pages>('../locales/pages/*.json', { eager: true, import: 'default' });
const pagesOf = (language: string): Pages => {
  const found = files[`../locales/pages/${language}.json`];
  if (!found) throw new Error(`no task pages texts for ${language}`);
  return found;
};
/** The task pages' translate for one language, as i18next reads a nested key. */
const translate = (language: string): Translate => (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], pagesOf(language));
  return interpolate(String(text), values);
};
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('a failed review\'s reason', () => {
  it('has every preset of the console in every language, the English ones word for word', () => {
    expect(Object.values(pagesOf('en-US').failPresets)).toEqual([...REVIEW_FAIL_PRESETS]);
    for (const language of LANGUAGES) {
      const presets = pagesOf(language.key).failPresets;
      expect(Object.keys(presets), language.key).toEqual(REVIEW_FAIL_PRESETS.map((_, i) => String(i + 1)));
      for (const text of Object.values(presets)) expect(text.trim().length, language.key).toBeGreaterThan(10);
    }
  });

  it('shows a preset in the earner\'s language, and the reviewer\'s own words after it as written', () => {
    const urdu = translate('ur-PK');
    expect(plain(reviewReasonLine(REVIEW_FAIL_PRESETS[1], urdu))).toBe(`وجہ: ${pagesOf('ur-PK').failPresets['2']}`);
    expect(plain(reviewReasonLine(`${REVIEW_FAIL_PRESETS[3]}. Use the name on your bank card`, urdu))).toBe(
      `وجہ: ${pagesOf('ur-PK').failPresets['4']}۔ Use the name on your bank card`,
    );
    expect(reviewReasonLine(REVIEW_FAIL_PRESETS[0], translate('en-US'))).toBe(`Reason: ${REVIEW_FAIL_PRESETS[0]}`);
  });

  it('shows any other reason as the reviewer wrote it', () => {
    expect(reviewPresetOf('The page name is not visible')).toBeNull();
    expect(reviewReasonLine('The page name is not visible', translate('en-US'))).toBe('Reason: The page name is not visible');
    expect(plain(reviewReasonLine('صفحے کا نام نظر نہیں آتا', translate('ur-PK')))).toBe('وجہ: صفحے کا نام نظر نہیں آتا');
  });
});
