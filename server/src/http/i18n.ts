import fs from 'node:fs';
import path from 'node:path';
import { interpolate } from '@grab/shared/i18n/interpolate';
import { LANGUAGES, languageFromHeader } from '@grab/shared/i18n/languages';

type Resource = { [key: string]: string | Resource };

export interface Translator {
  /** Whether `key` names a message (in the fallback language, which has every key). */
  has(key: string): boolean;
  translate(key: string, acceptLanguage: string | undefined, params?: Record<string, string | number>): string;
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
      const language = languageFromHeader(acceptLanguage).key;
      const text = lookup(resources.get(language), key) ?? lookup(fallback, key) ?? lookup(fallback, 'errors.internal') ?? key;
      return interpolate(text, params);
    },
  };
}
