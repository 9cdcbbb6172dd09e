import { z } from 'zod/mini';
import { endpoint, Empty, Points } from './envelope';
import { CurrencyCode, LanguageKey } from './user.contracts';

export const CommonConfig = z.object({
  /** Document title (SPEC §2: default 'Grab'). */
  title: z.string(),
  /** Ad pixel id; the pixel loads only when set (SPEC §2). */
  fbId: z.nullable(z.string()),
  /** The welcome bonus a new earner receives, hundredths of a point. */
  welcomeBonus: Points,
  supportUrl: z.nullable(z.string()),
});
export type CommonConfig = z.infer<typeof CommonConfig>;

/** The product's own name: the title while the operator has set none (SPEC §2). */
export const DEFAULT_TITLE = 'Grab';

/** The document title for a config: the operator's, or the default when it is blank or unknown. */
export function documentTitle(config: Pick<CommonConfig, 'title'> | null): string {
  return config?.title.trim() || DEFAULT_TITLE;
}

export const Currency = z.object({
  code: CurrencyCode,
  /** The language this currency belongs to (SPEC §9). */
  language: LanguageKey,
  /** Value of one point in millionths of the currency's major unit (operator-set, integer). */
  microsPerPoint: z.int().check(z.gt(0)),
  /** Digits after the decimal point when shown. */
  fractionDigits: z.int().check(z.gte(0), z.lte(3)),
});
export type Currency = z.infer<typeof Currency>;

export const commonConfig = endpoint({ api: 'main', method: 'POST', path: '/public/commonConfig', auth: false, input: Empty, data: CommonConfig });
export const currencyList = endpoint({ api: 'main', method: 'GET', path: '/app/currency/list', auth: true, input: Empty, data: z.array(Currency) });
