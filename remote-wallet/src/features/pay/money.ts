import { formatDateTime, languageByKey, type LanguageKey, numberFormat } from '@grab/shared';

/** An amount in the minor unit of its currency (paise, cents), in the earner's locale. */
export function formatMinor(amount: number, currency: string, fractionDigits: number, language: LanguageKey): string {
  const tag = languageByKey(language).tag;
  return numberFormat(tag, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(amount / 10 ** fractionDigits);
}

/** A date and time in the earner's locale. */
export function formatWhen(iso: string, language: LanguageKey): string {
  return formatDateTime(iso, languageByKey(language).tag);
}
