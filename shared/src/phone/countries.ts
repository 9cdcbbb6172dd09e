/**
 * Dialling codes of the countries `@grab/shared/phone` checks (a test keeps the lists equal). That
 * module is imported lazily, on submit, to keep the phone metadata off the first load; this one is
 * small data that the sign-up form and the messaging-number page both show.
 */
export const DIAL_CODES: Record<string, string> = {
  IN: '+91',
  ID: '+62',
  PK: '+92',
  BD: '+880',
  PH: '+63',
  NG: '+234',
  US: '+1',
  MX: '+52',
  CO: '+57',
  AR: '+54',
  ES: '+34',
};

export interface CountryOption {
  code: string;
  dialCode: string;
  name: string;
}

const namesByTag = new Map<string, Intl.DisplayNames | null>();

function regionNames(tag: string): Intl.DisplayNames | null {
  if (!namesByTag.has(tag)) {
    try {
      namesByTag.set(tag, new Intl.DisplayNames([tag, 'en'], { type: 'region' }));
    } catch {
      namesByTag.set(tag, null);
    }
  }
  return namesByTag.get(tag) ?? null;
}

/** Country names come from the browser in the earner's language: no translation files needed. */
export function countryOptions(languageTag: string): CountryOption[] {
  const names = regionNames(languageTag);
  return Object.entries(DIAL_CODES).map(([code, dialCode]) => ({
    code,
    dialCode,
    name: names?.of(code) ?? code,
  })).sort((a, b) => a.name.localeCompare(b.name, languageTag));
}
