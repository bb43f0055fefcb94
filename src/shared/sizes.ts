// Size ordering used by every dropdown and chip row: XS, S, M, L, XL, XXL first, then natural order.

const LETTER_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const collator = new Intl.Collator('sq', { numeric: true, sensitivity: 'base' });

export function compareSizeNames(a: string, b: string): number {
  const ia = LETTER_ORDER.indexOf(a.trim().toUpperCase());
  const ib = LETTER_ORDER.indexOf(b.trim().toUpperCase());
  if (ia !== -1 || ib !== -1) {
    if (ia === -1) return 1;
    if (ib === -1) return -1;
    return ia - ib;
  }
  return collator.compare(a, b);
}

export function sortSizes<T extends { sizeName: string }>(sizes: readonly T[]): T[] {
  return [...sizes].sort((x, y) => compareSizeNames(x.sizeName, y.sizeName));
}
