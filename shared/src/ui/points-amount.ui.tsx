import { usePointsParts } from '../format/points-text';

/**
 * A balance or a tile's figure: the digits large, the noun smaller beside them, and the line may
 * break only between the two. Written as one text ("5,303.09 points") the noun could not move under
 * the digits without breaking inside a word on a narrow phone ("5,303.09 poin / ts"). The figure is
 * set left to right in its own isolate, so a sign stays before its digits in Urdu. Styles:
 * `.g-amount*` in theme.css.
 */
export function PointsAmount({ hundredths, signed = false }: { hundredths: number; signed?: boolean }) {
  const { figure, noun, nounFirst } = usePointsParts()(hundredths, { signed });
  const figureText = (
    <span className="g-amount-figure" dir="ltr">
      {figure}
    </span>
  );
  const nounText = <span className="g-amount-noun">{noun}</span>;
  return (
    <span className="g-amount">
      {nounFirst ? nounText : figureText} {nounFirst ? figureText : nounText}
    </span>
  );
}
