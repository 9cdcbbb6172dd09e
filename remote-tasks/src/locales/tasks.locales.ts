import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`. */
export const TASKS_NS = 'tasks';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerTasksLocales(): Promise<void> {
  return registerLocales(TASKS_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}
