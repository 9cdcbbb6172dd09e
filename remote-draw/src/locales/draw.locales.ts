import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`. */
export const DRAW_NS = 'draw';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerDrawLocales(): Promise<void> {
  return registerLocales(DRAW_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}
