import type { Currency } from '../contracts/config.contracts';
import type { LanguageKey } from '../contracts/user.contracts';
import { languageByKey } from '../i18n/languages';
import { numberFormat } from './intl';

/** Points are stored in hundredths (DESIGN §4): 10000 → "100", 12345 → "123.45". */
/** `signed`: always a sign, "+12.5" for a gain as well as "−3" for a loss (a minus sign, not a hyphen). */
export function formatPoints(hundredths: number, language: LanguageKey, { signed = false }: { signed?: boolean } = {}): string {
  const tag = languageByKey(language).tag;
  if (!signed) return numberFormat(tag, { maximumFractionDigits: 2 }).format(hundredths / 100);
  return numberFormat(tag, { maximumFractionDigits: 2, signDisplay: 'always' })
    .format(hundredths / 100)
    .replace('-', '\u2212');
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

/** "INR (₹)", "PKR (Rs)": a currency as the earner's language writes its symbol, after its code. */
export function currencyLabel(code: string, language: LanguageKey): string {
  try {
    const symbol = numberFormat(languageByKey(language).tag, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value;
    return symbol && symbol !== code ? `${code} (${symbol})` : code;
  } catch {
    // A browser without that currency's data: the code alone still says it.
    return code;
  }
}

/**
 * The currency worth is shown in: the account's, the one its withdrawals are paid in (the phone
 * country's), whatever language the app speaks; an Indian earner reading English sees rupees, not
 * dollars. An account whose currency the operator does not list shows no worth rather than one it
 * cannot be paid; only without an account does the language's currency of SPEC §9 stand in.
 */
export function displayCurrency(currencies: readonly Currency[] | undefined, language: LanguageKey, accountCurrency?: string): Currency | undefined {
  const code = accountCurrency ?? languageByKey(language).currency;
  return currencies?.find((c) => c.code === code);
}
