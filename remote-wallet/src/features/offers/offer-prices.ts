import { type LanguageKey, languageByKey } from '@grab/shared';
import type { Offer } from '@grab/shared/contracts';
import { formatMinor } from '../pay/money';

/** An amount of the offer's currency, as the earner's language writes money. */
export function offerMoney(minor: number, offer: Pick<Offer, 'currency' | 'fractionDigits'>, language: LanguageKey): string {
  return formatMinor(minor, offer.currency, offer.fractionDigits, language);
}

/** A whole percent as the earner's language writes it ("20%", "20 %", "٪20"). */
export function offerPercent(percent: number, language: LanguageKey): string {
  return new Intl.NumberFormat(languageByKey(language).tag, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
