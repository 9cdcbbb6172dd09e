import { type LanguageKey, registerLocales } from '@grab/shared';

export const HOST_NS = 'host';

/** The host's texts, one chunk per language: only the current one is downloaded. */
export function registerHostLocales(): Promise<void> {
  return registerLocales(HOST_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}
