import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`. */
export const TEAM_NS = 'team';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerTeamLocales(): Promise<void> {
  return registerLocales(TEAM_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}
