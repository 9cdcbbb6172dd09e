import type { CurrencyCode, LanguageKey } from '../contracts/user.contracts';

/**
 * The eight languages of SPEC §9. The SPEC codes are only storage keys (`language` in local
 * storage, the server's column); `tag` is the valid BCP 47 tag that goes into `<html lang>` and
 * `Accept-Language`, since `hi-IND` is Indonesian, `br-BR` Spanish, `ph-PH` Filipino, `ng-HA` Hausa.
 */
export interface Language {
  key: LanguageKey;
  tag: string;
  /** The language's own name, shown in the chooser. */
  name: string;
  dir: 'ltr' | 'rtl';
  currency: CurrencyCode;
  /** The phone country a new earner most likely has. */
  country: string;
}

export const LANGUAGES: readonly Language[] = [
  { key: 'en-US', tag: 'en-US', name: 'English', dir: 'ltr', currency: 'USD', country: 'US' },
  { key: 'hi-IN', tag: 'hi-IN', name: 'हिन्दी', dir: 'ltr', currency: 'INR', country: 'IN' },
  { key: 'hi-IND', tag: 'id-ID', name: 'Bahasa Indonesia', dir: 'ltr', currency: 'IDR', country: 'ID' },
  { key: 'br-BR', tag: 'es-419', name: 'Español', dir: 'ltr', currency: 'USD', country: 'US' },
  { key: 'ur-PK', tag: 'ur-PK', name: 'اردو', dir: 'rtl', currency: 'PKR', country: 'PK' },
  { key: 'bn-BD', tag: 'bn-BD', name: 'বাংলা', dir: 'ltr', currency: 'BDT', country: 'BD' },
  { key: 'ph-PH', tag: 'fil-PH', name: 'Filipino', dir: 'ltr', currency: 'PHP', country: 'PH' },
  { key: 'ng-HA', tag: 'ha-NG', name: 'Hausa', dir: 'ltr', currency: 'NGN', country: 'NG' },
];

export const DEFAULT_LANGUAGE: LanguageKey = 'en-US';
export const LANGUAGE_STORAGE_KEY = 'language';

export function languageByKey(key: string | null | undefined): Language {
  return LANGUAGES.find((l) => l.key === key) ?? LANGUAGES[0]!;
}

/** An Accept-Language value's tags, most wanted first (by `q`, then as written); `q=0` means "not this one". */
function wantedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, written) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, written };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.written - b.written)
    .map((t) => t.tag);
}

/** Primary subtags a phone may report for one of the eight under another name: older Android says `tl` for Filipino. */
const SAME_LANGUAGE: Readonly<Record<string, string>> = { tl: 'fil' };

/**
 * Picks a language from tags most wanted first: the first tag that names one of the eight, exactly or
 * by its primary subtag (`en-IN, hi-IN` is English: the first one wanted is served), else the default.
 */
export function languageFromTags(wanted: readonly string[]): Language {
  for (const written of wanted) {
    const tag = written.trim().replace(/_/g, '-').toLowerCase();
    const exact = LANGUAGES.find((l) => l.tag.toLowerCase() === tag || l.key.toLowerCase() === tag);
    if (exact) return exact;
    const subtag = tag.split('-')[0] ?? '';
    const primary = (Object.hasOwn(SAME_LANGUAGE, subtag) ? SAME_LANGUAGE[subtag] : undefined) ?? subtag;
    const match = primary ? LANGUAGES.find((l) => l.tag.toLowerCase().split('-')[0] === primary) : undefined;
    if (match) return match;
  }
  return languageByKey(DEFAULT_LANGUAGE);
}

/** Picks a language from an Accept-Language value, its tags taken by weight (`languageFromTags`). */
export function languageFromHeader(header: string | undefined): Language {
  return header ? languageFromTags(wantedTags(header)) : languageByKey(DEFAULT_LANGUAGE);
}

/**
 * The language a phone that never chose one starts in: its own setting when that is one of the
 * eight (an Urdu phone opens in Urdu, as the browser's Accept-Language asks the server), else SPEC's
 * default, English.
 */
export function phoneLanguage(phoneLanguages: readonly string[] = globalThis.navigator?.languages ?? []): LanguageKey {
  return languageFromTags(phoneLanguages).key;
}
