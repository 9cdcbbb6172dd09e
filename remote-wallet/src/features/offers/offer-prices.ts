import { type LanguageKey, languageByKey } from '@grab/shared';
import type { Offer } from '@grab/shared/contracts';

/** An amount in minor units of the offer's currency, as the earner's language writes money. */
export function offerMoney(minor: number, offer: Pick<Offer, 'currency' | 'fractionDigits'>, language: LanguageKey): string {
  return new Intl.NumberFormat(languageByKey(language).tag, {
    style: 'currency',
    currency: offer.currency,
    minimumFractionDigits: offer.fractionDigits,
    maximumFractionDigits: offer.fractionDigits,
  }).format(minor / 10 ** offer.fractionDigits);
}

/** A whole percent as the earner's language writes it ("20 %", "20%", "٪20"). */
export function offerPercent(percent: number, language: LanguageKey): string {
  return new Intl.NumberFormat(languageByKey(language).tag, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
