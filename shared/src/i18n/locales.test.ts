import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

const dir = join(import.meta.dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

function load(key: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8'));
}

describe('common namespace files', () => {
  const english = load('en-US');
  const englishKeys = keys(english).sort();

  it('exist for exactly the eight languages', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l.key}.json`).sort());
  });

  for (const language of LANGUAGES.filter((l) => l.key !== 'en-US')) {
    it(`${language.key} has en-US's keys, translated, with the same placeholders`, () => {
      const file = load(language.key);
      expect(keys(file).sort()).toEqual(englishKeys);
      const get = (root: unknown, path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
      let same = 0;
      for (const key of englishKeys) {
        const text = get(file, key);
        expect(typeof text, key).toBe('string');
        expect((text as string).trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(get(english, key)));
        if (text === get(english, key)) same++;
      }
      // A few words (the product name) stay English; a copied file would not pass.
      expect(same).toBeLessThan(4);
    });
  }
});
