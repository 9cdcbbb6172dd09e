import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { formatPoints } from './format';

/**
 * "1 point", "12.5 points", "maki 3": the amount formatted for the earner's language and the noun
 * in the plural form that language picks for it. Every app shows points this one way.
 */
export function usePointsText(): (hundredths: number) => string {
  const { t, language } = useT();
  return useCallback((hundredths: number) => t('common.points', { value: formatPoints(hundredths, language), count: hundredths / 100 }), [t, language]);
}
