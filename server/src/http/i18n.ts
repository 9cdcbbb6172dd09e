import fs from 'node:fs';
import path from 'node:path';
import { formatPoints } from '@grab/shared/format';
import { numberFormat } from '@grab/shared/format/intl';
import { interpolate } from '@grab/shared/i18n/interpolate';
import { type Language, LANGUAGES, languageFromHeader } from '@grab/shared/i18n/languages';

type Resource = { [key: string]: string | Resource };

/**
 * A figure a message writes as the earner's language writes numbers, as the screens do: "₹100.00"
 * and "1,200 points" in English, Indian digit grouping in Hindi, not the same English text in all.
 * `points` in hundredths; `money` in minor units of `currency`.
 */
export type Figure = { points: number } | { money: number; currency: string; fractionDigits: number };
export type MessageParams = Record<string, string | number | Figure>;

function written(value: string | number | Figure, language: Language): string | number {
  if (typeof value !== 'object') return value;
  if ('points' in value) return formatPoints(value.points, language.key);
  const digits = { minimumFractionDigits: value.fractionDigits, maximumFractionDigits: value.fractionDigits };
  try {
    return numberFormat(language.tag, { style: 'currency', currency: value.currency, ...digits }).format(value.money / 10 ** value.fractionDigits);
  } catch {
    // A code this Node has no currency data for: still the amount, after the code.
    return `${value.currency} ${numberFormat(language.tag, digits).format(value.money / 10 ** value.fractionDigits)}`;
  }
}

export interface Translator {
  /** Whether `key` names a message (in the fallback language, which has every key). */
  has(key: string): boolean;
  translate(key: string, acceptLanguage: string | undefined, params?: MessageParams): string;
}

const FALLBACK = 'en-US';

function lookup(resource: Resource | undefined, key: string): string | undefined {
  let node: string | Resource | undefined = resource;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The server speaks the same message keys as the client (`shared/src/i18n/locales`). Files are
 * read once at start; a missing language file or key falls back to English.
 */
export function createTranslator(localesDir: string): Translator {
  const resources = new Map<string, Resource>();
  for (const language of LANGUAGES) {
    try {
      resources.set(language.key, JSON.parse(fs.readFileSync(path.join(localesDir, `${language.key}.json`), 'utf8')) as Resource);
    } catch {
      // Not written yet, or unreadable: that language falls back to English.
    }
  }
  const fallback = resources.get(FALLBACK);
  return {
    has: (key) => lookup(fallback, key) !== undefined,
    translate(key, acceptLanguage, params = {}) {
      const language = languageFromHeader(acceptLanguage);
      const text = lookup(resources.get(language.key), key) ?? lookup(fallback, key) ?? lookup(fallback, 'errors.internal') ?? key;
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(params)) values[name] = written(value, language);
      return interpolate(text, values);
    },
  };
}
