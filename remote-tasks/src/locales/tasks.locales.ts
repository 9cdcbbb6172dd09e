import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`, the texts of the task hall on Home. */
export const TASKS_NS = 'tasks';

/**
 * The texts only the task pages use (`locales/pages/<languageKey>.json`): Home shows the hall
 * alone, so it does not download them.
 */
export const TASK_PAGES_NS = 'taskPages';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerTasksLocales(): Promise<void> {
  return registerLocales(TASKS_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}

export function registerTaskPagesLocales(): Promise<void> {
  return registerLocales(TASK_PAGES_NS, (key: LanguageKey) => import(`../locales/pages/${key}.json`));
}
