import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { LANGUAGES } from '../i18n/languages';
import { usePointsText } from './points-text';

afterEach(async () => {
  await changeLanguage('en-US');
});

describe('usePointsText, signed', () => {
  it('writes a loss with a minus sign and a gain with a plus, the noun in the plural the figure takes', async () => {
    await initI18n();
    const { result } = renderHook(() => usePointsText());
    expect(result.current(-1_200_00, { signed: true })).toBe('\u22121,200\u00a0points');
    expect(result.current(5_00, { signed: true })).toBe('+5\u00a0points');
    expect(result.current(-1_00, { signed: true })).toBe('\u22121\u00a0point');
  });

  it('in Urdu keeps the signed figure first and whole, its sign before the digits', async () => {
    await initI18n();
    await act(() => changeLanguage('ur-PK'));
    const { result } = renderHook(() => usePointsText());
    // Isolated (FSI … PDI): right to left, the figure is read first and "+5" is not drawn "5+".
    const urdu = (n: number) => new Intl.NumberFormat('ur-PK', { signDisplay: 'always', maximumFractionDigits: 2 }).format(n).replace('-', '\u2212');
    expect(result.current(5_00, { signed: true })).toBe(`\u2068${urdu(5)}\u2069\u00a0پوائنٹس`);
    expect(result.current(-1_200_00, { signed: true })).toBe(`\u2068${urdu(-1_200)}\u2069\u00a0پوائنٹس`);
    expect(urdu(-1_200)).toContain('\u22121,200');
  });
});

/** Runs `check` with the points text of each of the eight languages in turn. */
async function inEveryLanguage(check: (points: ReturnType<typeof usePointsText>, key: string) => void): Promise<void> {
  await initI18n();
  for (const { key } of LANGUAGES) {
    await act(() => changeLanguage(key));
    const { result, unmount } = renderHook(() => usePointsText());
    check(result.current, key);
    unmount();
  }
}

describe('usePointsText, on a narrow line', () => {
  it('keeps the figure and its noun together in every language: no space a line may break at', async () => {
    await inEveryLanguage((points, key) => {
      for (const text of [points(1_200_00), points(1_00), points(-23_52, { signed: true })]) {
        expect(text, `${key}: ${text}`).not.toMatch(/[ \t\n]/);
        expect(text, `${key}: ${text}`).toContain('\u00a0');
      }
    });
  });
});

describe('usePointsText, the noun', () => {
  it('is the same for every amount above one in every language: Filipino picks its "one" form for 2 or 1,821.43 too', async () => {
    await inEveryLanguage((points, key) => {
      const nouns = new Set([2_00, 4_00, 5_00, 1_092_86, 1_821_43, 7_285_72, 36_428_58].map((hundredths) => points(hundredths).replace(/[\p{Nd},.\u00a0\u2066-\u2069\u066b\u066c]/gu, '')));
      expect([...nouns], key).toHaveLength(1);
    });
  });
});
