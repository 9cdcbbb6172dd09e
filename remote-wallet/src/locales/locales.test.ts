import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@grab/shared';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaf(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

function load(key: string): unknown {
  return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8'));
}

describe('namespace files', () => {
  const english = load('en-US');
  const englishKeys = keys(english).sort();

  it('exist for exactly the eight languages', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l.key}.json`).sort());
  });

  for (const language of LANGUAGES.filter((l) => l.key !== 'en-US')) {
    it(`${language.key} has en-US's keys, translated, with the same placeholders`, () => {
      const file = load(language.key);
      expect(keys(file).sort()).toEqual(englishKeys);
      let same = 0;
      for (const key of englishKeys) {
        const text = leaf(file, key);
        expect(typeof text, key).toBe('string');
        expect(placeholders(text), key).toEqual(placeholders(leaf(english, key)));
        if (text === leaf(english, key)) same++;
      }
      expect(same).toBeLessThan(3);
    });
  }
});
