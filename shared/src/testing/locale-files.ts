import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';

// Every app keeps one JSON file per language for its namespace. These checks keep the eight files
// in step: the same keys as en-US, the same {{placeholders}}, and really translated.

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) return out.set(prefix, value);
  for (const [key, child] of Object.entries(value)) {
    for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

/**
 * Whether the language's plural rules pick the `one` form for a count of two or more. Filipino's do
 * (for every count that does not end in 4, 6 or 9: the form follows how the number word ends), so its
 * `_one` texts are read for "2 spins" as much as for "1 spin" and must say how many.
 */
function oneFormCoversMany(tag: string): boolean {
  const rules = new Intl.PluralRules(tag);
  return Array.from({ length: 19 }, (_, i) => i + 2).some((n) => rules.select(n) === 'one');
}

/**
 * Letters a language's file must not hold: another language's script, or the letters of the language
 * next door (the Spanish file once had a section in Portuguese, the Indonesian one a section in Hindi,
 * and every other check passed: same keys, same placeholders, not English).
 */
// The danda (। ॥) ends Bengali sentences too: only Devanagari's letters count.
const DEVANAGARI = /[\u0900-\u0963\u0966-\u097F]/;
const ARABIC = /[\u0600-\u06FF]/;
const BENGALI = /[\u0980-\u09FF]/;
const FOREIGN_LETTERS: Record<string, RegExp> = {
  'en-US': new RegExp(`${DEVANAGARI.source}|${ARABIC.source}|${BENGALI.source}`),
  'hi-IN': new RegExp(`${ARABIC.source}|${BENGALI.source}`),
  'hi-IND': new RegExp(`${DEVANAGARI.source}|${ARABIC.source}|${BENGALI.source}`),
  // Portuguese's ã, õ and ç are no Spanish letters.
  'br-BR': new RegExp(`[ãõçÃÕÇ]|${DEVANAGARI.source}|${ARABIC.source}|${BENGALI.source}`),
  'ur-PK': new RegExp(`${DEVANAGARI.source}|${BENGALI.source}`),
  'bn-BD': new RegExp(`${DEVANAGARI.source}|${ARABIC.source}`),
  'ph-PH': new RegExp(`${DEVANAGARI.source}|${ARABIC.source}|${BENGALI.source}`),
  'ng-HA': new RegExp(`${DEVANAGARI.source}|${ARABIC.source}|${BENGALI.source}`),
};

/**
 * Registers the checks of the namespace files in `dir` (`<languageKey>.json` each).
 * `sameAsEnglish`: how many texts may equal English (a product name, "LV{{level}}").
 */
export function describeLocaleFiles(namespace: string, dir: string, sameAsEnglish = 3): void {
  const load = (key: string) => flatten(JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')));

  describe(`${namespace} locale files`, () => {
    const english = load('en-US');

    it('exist for exactly the eight languages', () => {
      const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
      expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l.key}.json`).sort());
    });

    for (const language of LANGUAGES.filter((l) => l.key !== 'en-US')) {
      it(`${language.key} has en-US's keys, translated, with the same placeholders`, () => {
        const texts = load(language.key);
        expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
        const oneIsMany = oneFormCoversMany(language.tag);
        let same = 0;
        for (const [key, englishText] of english) {
          const text = texts.get(key);
          expect(typeof text, key).toBe('string');
          expect((text as string).trim(), key).not.toBe('');
          const countedElsewhere = key.endsWith('_one') && placeholders(english.get(key.replace(/_one$/, '_other'))).includes('count');
          if (oneIsMany && countedElsewhere) {
            // "A free spin every day" in English; in Filipino the same form is read for two spins.
            expect(placeholders(text), `${key} is read for two or more: it says how many`).toEqual([...new Set(['count', ...placeholders(englishText)])].sort());
          } else {
            expect(placeholders(text), key).toEqual(placeholders(englishText));
          }
          if (text === englishText) same++;
        }
        expect(same, 'texts left in English').toBeLessThanOrEqual(sameAsEnglish);
      });
    }

    for (const language of LANGUAGES) {
      it(`${language.key} is written in its own language's letters`, () => {
        const foreign = FOREIGN_LETTERS[language.key];
        const wrong = [...load(language.key)].filter(([, text]) => typeof text === 'string' && foreign?.test(text)).map(([key]) => key);
        expect(foreign, 'a rule for every language').toBeDefined();
        expect(wrong).toEqual([]);
      });
    }
  });
}

export { describeKeysUsed, findKeyUses, missingKeys } from './keys-used';
