import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { formatPoints } from './format';

/**
 * "1 point", "12.5 points", "maki 3": the amount formatted for the earner's language and the noun
 * in the plural form that language picks for it. Every app shows points this one way.
 */
export function usePointsText(): (hundredths: number, options?: { signed?: boolean }) => string {
  const { t, language } = useT();
  return useCallback(
    (hundredths: number, { signed = false }: { signed?: boolean } = {}) => {
      const value = formatPoints(hundredths, language, { signed });
      // A signed figure is read left to right in every language: in a right-to-left line the
      // bidi algorithm would otherwise put "+" after the digits ("5,224.09+").
      return t('common.points', { value: signed ? `${LRI}${value}${PDI}` : value, count: hundredths / 100 });
    },
    [t, language],
  );
}

/** Left-to-right isolate and pop directional isolate. */
const LRI = '\u2066';
const PDI = '\u2069';
