// The one place money is converted and formatted: integer cents inside, "12,50 €" at the edges.

/** Euro amount (as the API carries it, e.g. 12.5) to integer cents, rounding half away from zero. */
export function eurosToCents(euros: number): number {
  // toPrecision(12) removes binary noise first (1.005 * 100 = 100.49999999999999 -> 100.5 -> 101).
  return Math.sign(euros) * Math.round(Number((Math.abs(euros) * 100).toPrecision(12)));
}

/** Integer cents to a euro number for the API (12.5). */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

const NBSP = '\u00a0';

/** Formats cents as Albanian euro text: 1234550 -> "12 345,50 €" (non-breaking spaces). */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const frac = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole},${frac}${NBSP}€`;
}

/** Formats a euro number from the API (12.5) as "12,50 €". */
export function formatEuro(euros: number): string {
  return formatCents(eurosToCents(euros));
}

/** Applies a whole-number percentage discount to cents, rounding to the nearest cent (half up). */
export function applyPercent(cents: number, percent: number): number {
  return cents - Math.round((cents * percent) / 100);
}

/** A euro number as a price field shows it for editing: 59.9 -> "59,90" (decimal comma, no grouping, no sign). */
export function euroAmountText(euros: number): string {
  const cents = eurosToCents(euros);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
