import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { usePointsText } from './points-text';

afterEach(async () => {
  await changeLanguage('en-US');
});

describe('usePointsText, signed', () => {
  it('writes a loss with a minus sign and a gain with a plus, the noun in the plural the figure takes', async () => {
    await initI18n();
    const { result } = renderHook(() => usePointsText());
    expect(result.current(-1_200_00, { signed: true })).toBe('\u22121,200 points');
    expect(result.current(5_00, { signed: true })).toBe('+5 points');
    expect(result.current(-1_00, { signed: true })).toBe('\u22121 point');
  });

  it('in Urdu keeps the signed figure first and whole, its sign before the digits', async () => {
    await initI18n();
    await act(() => changeLanguage('ur-PK'));
    const { result } = renderHook(() => usePointsText());
    // Isolated (FSI … PDI): right to left, the figure is read first and "+5" is not drawn "5+".
    const urdu = (n: number) => new Intl.NumberFormat('ur-PK', { signDisplay: 'always', maximumFractionDigits: 2 }).format(n).replace('-', '\u2212');
    expect(result.current(5_00, { signed: true })).toBe(`\u2068${urdu(5)}\u2069 پوائنٹس`);
    expect(result.current(-1_200_00, { signed: true })).toBe(`\u2068${urdu(-1_200)}\u2069 پوائنٹس`);
    expect(urdu(-1_200)).toContain('\u22121,200');
  });
});
