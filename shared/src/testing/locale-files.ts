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
        let same = 0;
        for (const [key, englishText] of english) {
          const text = texts.get(key);
          expect(typeof text, key).toBe('string');
          expect((text as string).trim(), key).not.toBe('');
          expect(placeholders(text), key).toEqual(placeholders(englishText));
          if (text === englishText) same++;
        }
        expect(same, 'texts left in English').toBeLessThanOrEqual(sameAsEnglish);
      });
    }
  });
}

export { describeKeysUsed, findKeyUses, missingKeys } from './keys-used';
