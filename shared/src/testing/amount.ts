/**
 * A text matcher for Testing Library's `*ByText` that finds a PointsAmount by its whole text
 * ("12,345 points"): its figure and noun are separate elements, which the default matcher reads apart.
 */
export function amountText(text: string) {
  return (_content: string, element: Element | null): boolean => element?.classList.contains('g-amount') === true && element.textContent === text;
}
