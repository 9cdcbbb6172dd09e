import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePointsText } from '../format/points-text';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { LANGUAGES } from '../i18n/languages';
import { PointsAmount } from './points-amount.ui';

afterEach(async () => {
  await changeLanguage('en-US');
});

function Both({ hundredths, signed = false }: { hundredths: number; signed?: boolean }) {
  const points = usePointsText();
  return (
    <>
      <PointsAmount hundredths={hundredths} signed={signed} />
      <output>{points(hundredths, { signed })}</output>
    </>
  );
}

const unmarked = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

describe('PointsAmount', () => {
  it('says what the points text says in every language, the noun and the figure apart with one space a line may break at', async () => {
    await initI18n();
    for (const { key } of LANGUAGES) {
      await act(() => changeLanguage(key));
      for (const [hundredths, signed] of [[1_234_500, false], [1_00, false], [-23_52, true], [5_00, true]] as const) {
        const { container, unmount } = render(<Both hundredths={hundredths} signed={signed} />);
        const amount = container.querySelector('.g-amount');
        const figure = container.querySelector('.g-amount-figure');
        const noun = container.querySelector('.g-amount-noun');
        const said = `${key} ${hundredths}`;
        expect(amount?.textContent, said).toBe(unmarked(container.querySelector('output')?.textContent ?? ''));
        expect(amount?.textContent?.match(/ /g), said).toHaveLength(1);
        expect(figure?.textContent, said).toMatch(/\p{Nd}/u);
        expect(figure?.getAttribute('dir'), said).toBe('ltr');
        expect(noun?.textContent, said).not.toMatch(/[\p{Nd}\s\u2066-\u2069]/u);
        unmount();
      }
    }
  });

  it('puts the noun first where the language does, and keeps a sign before the digits', async () => {
    await initI18n();
    await act(() => changeLanguage('ng-HA'));
    const hausa = render(<PointsAmount hundredths={3_00} />);
    expect(hausa.container.firstElementChild?.firstElementChild?.className).toBe('g-amount-noun');
    expect(hausa.container.textContent).toBe('maki 3');
    hausa.unmount();
    await act(() => changeLanguage('en-US'));
    const english = render(<PointsAmount hundredths={-1_200_00} signed />);
    expect(english.container.querySelector('.g-amount-figure')?.textContent).toBe('\u22121,200');
    expect(english.container.textContent).toBe('\u22121,200 points');
  });
});
