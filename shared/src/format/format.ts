import type { Currency } from '../contracts/config.contracts';
import type { LanguageKey } from '../contracts/user.contracts';
import { languageByKey } from '../i18n/languages';
import { numberFormat } from './intl';

/** Points are stored in hundredths (DESIGN §4): 10000 → "100", 12345 → "123.45". */
/** `signed`: always a sign, "+12.5" for a gain as well as "-3" for a loss. */
export function formatPoints(hundredths: number, language: LanguageKey, { signed = false }: { signed?: boolean } = {}): string {
  const tag = languageByKey(language).tag;
  return numberFormat(tag, signed ? { maximumFractionDigits: 2, signDisplay: 'always' } : { maximumFractionDigits: 2 }).format(hundredths / 100);
}

/** The value of some points in a currency, at the operator's rate (millionths of a unit per point). */
export function pointsToMoney(hundredths: number, currency: Currency): number {
  return ((hundredths / 100) * currency.microsPerPoint) / 1_000_000;
}

export function formatMoney(hundredths: number, currency: Currency, language: LanguageKey): string {
  const tag = languageByKey(language).tag;
  return numberFormat(tag, {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: currency.fractionDigits,
    maximumFractionDigits: currency.fractionDigits,
  }).format(pointsToMoney(hundredths, currency));
}

/**
 * The currency worth is shown in: the chosen language's (SPEC §9 ties each language to one), so a
 * switch to Urdu shows PKR everywhere at once. Withdrawals are still paid in the account's currency,
 * which their own screens show.
 */
export function displayCurrency(currencies: readonly Currency[] | undefined, language: LanguageKey): Currency | undefined {
  const code = languageByKey(language).currency;
  return currencies?.find((c) => c.code === code);
}
