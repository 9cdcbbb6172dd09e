import { languageByKey, type LanguageKey } from '@grab/shared';

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in the minor unit of its currency (paise, cents), in the earner's locale. */
export function formatMinor(amount: number, currency: string, fractionDigits: number, language: LanguageKey): string {
  const tag = languageByKey(language).tag;
  const id = `${tag}|${currency}|${fractionDigits}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(id, format);
  }
  return format.format(amount / 10 ** fractionDigits);
}

/** A date and time in the earner's locale. */
export function formatWhen(iso: string, language: LanguageKey): string {
  return new Date(iso).toLocaleString(languageByKey(language).tag, { dateStyle: 'medium', timeStyle: 'short' });
}
