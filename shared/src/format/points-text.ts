import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { formatPoints } from './format';

const NO_BREAK_SPACE = '\u00a0';

/**
 * "1 point", "12.5 points", "maki 3": the amount formatted for the earner's language and the noun
 * in the plural form that language picks for it. Every app shows points this one way.
 */
export function usePointsText(): (hundredths: number, options?: { signed?: boolean }) => string {
  const { t, language } = useT();
  return useCallback(
    (hundredths: number, { signed = false }: { signed?: boolean } = {}) => {
      // In a right-to-left line the translator isolates the signed figure (interpolate.ts), so "+"
      // stays before the digits instead of after them ("5,224.09+"). Its spaces do not break: on a
      // narrow phone a line such as "… fee = 1,200 points" wrapped to "1,200" above "points".
      return t('common.points', { value: formatPoints(hundredths, language, { signed }), count: Math.abs(hundredths) / 100 }).replace(/ /g, NO_BREAK_SPACE);
    },
    [t, language],
  );
}
