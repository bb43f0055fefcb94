// The one rounding of the price maths (decision 040): integer division rounded half up.

/** Integer division rounded half up (for non-negative numerators), avoiding floating-point drift. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}
