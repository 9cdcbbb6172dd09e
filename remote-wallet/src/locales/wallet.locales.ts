import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`. */
export const WALLET_NS = 'wallet';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerWalletLocales(): Promise<void> {
  return registerLocales(WALLET_NS, (key: LanguageKey) => import(`../locales/${key}.json`));
}
