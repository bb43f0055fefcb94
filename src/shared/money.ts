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

/** The amount, then optionally a decimal point or comma and one or two digits at the end: typed euros and cents. */
const TYPED_CENTS = /^(.+?)(?:([.,])(\d{1,2}))?$/;
/** Whole euros: plain ("1234"), or grouped by threes with one kind of mark ("1 234", "1.234.567", "1,234"). */
const TYPED_WHOLE = /^(?:0|[1-9]\d*|[1-9]\d{0,2}([ \u00a0\u202f.,])\d{3}(?:\1\d{3})*)$/;

/**
 * Euros as staff type them, in integer cents (decision 216): "59,90" and "59.90" both mean 59,90 €, never 5 990 €.
 * Thousands may be grouped with a space, "." or ","; with decimals the other mark ends the amount ("1.234,50",
 * "1,234.50", "1 234,50"). A "€" before or after is ignored. A lone "." or "," before exactly three digits ("1.234")
 * is refused: a grouped thousand or a mistyped decimal, and no one can tell which. Null for anything else ("-5",
 * "1e3", "05", ".5", "5.", "5.001", "1.234.50").
 */
export function parseEuroText(text: string): number | null {
  const typed = TYPED_CENTS.exec(text.trim().replace(/^€\s*/, '').replace(/\s*€$/, ''));
  if (!typed) return null;
  const [, whole = '', decimalMark, cents] = typed;
  const grouped = TYPED_WHOLE.exec(whole);
  if (!grouped) return null;
  const groupMark = grouped[1];
  if (groupMark !== undefined) {
    if (groupMark === decimalMark) return null;
    const lonePunctuation = groupMark !== ' ' && !/\s/.test(groupMark) && whole.split(groupMark).length === 2;
    if (lonePunctuation && decimalMark === undefined) return null;
  }
  const euros = Number(groupMark === undefined ? whole : whole.split(groupMark).join(''));
  const total = euros * 100 + Number((cents ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(total) ? total : null;
}

/** Euros as the price field shows them for editing: 59.9 -> "59,90" (the shop's decimal comma, no grouping). */
export function euroInputText(euros: number): string {
  return (eurosToCents(euros) / 100).toFixed(2).replace('.', ',');
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

/**
 * What is left to pay at the door: the order's total less the store credit (decision 273) and the gift card
 * (decision 274) it used, never below 0.
 */
export function amountToPay(total: number, storeCredit: number, giftCard = 0): number {
  return centsToEuros(Math.max(0, eurosToCents(total) - eurosToCents(storeCredit) - eurosToCents(giftCard)));
}
