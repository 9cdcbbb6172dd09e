import { type LanguageKey, registerLocales } from '@grab/shared';

/** The lucky-draw page's i18n namespace (the widgets' own texts are in `draw`). */
export const DRAW_PAGE_NS = 'luckyDraw';

/** One chunk per language file: only the earner's language is downloaded. */
export function registerDrawPageLocales(): Promise<void> {
  return registerLocales(DRAW_PAGE_NS, (key: LanguageKey) => import(`./${key}.json`));
}
