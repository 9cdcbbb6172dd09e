import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { formatPoints } from './format';

const NO_BREAK_SPACE = '\u00a0';
/** Stands for the figure while the noun's text is looked up, so the noun can be cut out around it. */
const FIGURE_MARK = '\u0001';
const ISOLATES = /[\u2066-\u2069]/g;

interface PointsOptions {
  signed?: boolean;
}

/**
 * "1 point", "12.5 points", "maki 3": the amount formatted for the earner's language and the noun
 * in the plural form that language picks for it. Every app shows points this one way.
 */
export function usePointsText(): (hundredths: number, options?: PointsOptions) => string {
  const { t, language } = useT();
  return useCallback(
    (hundredths: number, { signed = false }: PointsOptions = {}) => {
      // In a right-to-left line the translator isolates the signed figure (interpolate.ts), so "+"
      // stays before the digits instead of after them ("5,224.09+"). Its spaces do not break: on a
      // narrow phone a line such as "… fee = 1,200 points" wrapped to "1,200" above "points".
      return t('common.points', { value: formatPoints(hundredths, language, { signed }), count: Math.abs(hundredths) / 100 }).replace(/ /g, NO_BREAK_SPACE);
    },
    [t, language],
  );
}

/** An amount of points cut in two, for a figure drawn large beside a smaller noun (PointsAmount). */
export interface PointsParts {
  figure: string;
  noun: string;
  /** The language writes its noun first ("maki 3"). */
  nounFirst: boolean;
}

/** The same text as usePointsText, as its figure and its noun. */
export function usePointsParts(): (hundredths: number, options?: PointsOptions) => PointsParts {
  const { t, language } = useT();
  return useCallback(
    (hundredths: number, { signed = false }: PointsOptions = {}) => {
      const marked = t('common.points', { value: FIGURE_MARK, count: Math.abs(hundredths) / 100 });
      const at = marked.indexOf(FIGURE_MARK);
      const before = marked.slice(0, Math.max(at, 0)).replace(ISOLATES, '').trim();
      const after = marked.slice(at + 1).replace(ISOLATES, '').trim();
      return { figure: formatPoints(hundredths, language, { signed }), noun: before || after, nounFirst: before !== '' };
    },
    [t, language],
  );
}
