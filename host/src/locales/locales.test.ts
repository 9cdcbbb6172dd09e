import { LANGUAGES } from '@grab/shared';
import { describe, expect, it } from 'vitest';
import en from './en-US.json';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true });

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'object' && child !== null) for (const [k, v] of flatten(child, path)) out.set(k, v);
    else out.set(path, String(child));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const reference = flatten(en);

describe('host locales', () => {
  it('has one file per language', () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.map((l) => `./${l.key}.json`).sort());
  });

  for (const language of LANGUAGES) {
    it(`${language.key} has every key, no extra key and the same placeholders`, () => {
      const texts = flatten(files[`./${language.key}.json`]?.default);
      expect([...texts.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of reference) {
        expect(texts.get(key)?.trim(), `${language.key} ${key}`).toBeTruthy();
        expect(placeholders(texts.get(key) ?? ''), `${language.key} ${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('is really translated, not copied from English', () => {
    for (const language of LANGUAGES.filter((l) => l.key !== 'en-US')) {
      const texts = flatten(files[`./${language.key}.json`]?.default);
      const same = [...reference].filter(([key, text]) => texts.get(key) === text && !/^LV/.test(text));
      // A few words are the same in several languages (Password, Account, Home in Filipino).
      expect(same.length, `${language.key}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(8);
    }
  });
});
