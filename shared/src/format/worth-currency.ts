import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai/react';
import type { Currency } from '../contracts/config.contracts';
import { useT } from '../i18n/i18n';
import { currencyListQuery } from '../query/config.queries';
import { queryClient } from '../query/query-client';
import { userInfoAtom } from '../store/store.atoms';
import { displayCurrency } from './format';

/**
 * The currency Home and the balance card show the points' worth in: the signed-in account's, so the
 * figure is what a withdrawal would pay. Undefined while the operator's rates are loading or could not
 * be loaded; the points then show alone.
 */
export function useWorthCurrency(): Currency | undefined {
  const { language } = useT();
  const account = useAtomValue(userInfoAtom)?.currency;
  const { data: currencies } = useQuery(currencyListQuery(), queryClient);
  return displayCurrency(currencies, language, account);
}
