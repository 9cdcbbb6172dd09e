import { type LanguageKey, registerLocales } from '@grab/shared';

/** This remote's i18n namespace: `locales/<languageKey>.json`. */
export const WALLET_NS = 'wallet';

// One import per language, so each file is its own chunk and only the earner's language loads.
const files: Record<LanguageKey, () => Promise<{ default: Record<string, unknown> }>> = {
  'en-US': () => import('./en-US.json'),
  'hi-IN': () => import('./hi-IN.json'),
  'hi-IND': () => import('./hi-IND.json'),
  'br-BR': () => import('./br-BR.json'),
  'ur-PK': () => import('./ur-PK.json'),
  'bn-BD': () => import('./bn-BD.json'),
  'ph-PH': () => import('./ph-PH.json'),
  'ng-HA': () => import('./ng-HA.json'),
};

export function registerWalletLocales(): Promise<void> {
  return registerLocales(WALLET_NS, (key) => files[key]());
}
