/**
 * The name of a recipient's institution to show beside its method, or null when it would only say
 * the method again: UPI has one institution, itself named "UPI", and "UPI · UPI" reads as a mistake.
 * `methodNames` are the ways the method is written on this screen (its label, its code).
 */
export function institutionBesideMethod(institutionName: string, methodNames: readonly string[]): string | null {
  const name = institutionName.trim().toLocaleLowerCase();
  return methodNames.some((method) => method.trim().toLocaleLowerCase() === name) ? null : institutionName;
}
