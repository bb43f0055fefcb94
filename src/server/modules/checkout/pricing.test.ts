// Pure pricing: discount windows, promo codes with and without applicable products, rounding, shipping.
import { describe, expect, it } from 'vitest';
import { priceCart, roundHalfUp, shipsFree, sumByVariant, windowCovers } from './pricing';
import { discountedPriceCents } from '../catalog';

const line = (productVariantId: number, productId: number, unitPriceCents: number, quantity: number) => ({
  productVariantId,
  productId,
  unitPriceCents,
  quantity,
});

describe('windowCovers (inclusive yyyy-mm-dd windows)', () => {
  it('covers the first and the last day', () => {
    expect(windowCovers('2026-03-01', '2026-03-10', '2026-03-01')).toBe(true);
    expect(windowCovers('2026-03-01', '2026-03-10', '2026-03-10')).toBe(true);
    expect(windowCovers('2026-03-01', '2026-03-10', '2026-03-05')).toBe(true);
  });
  it('does not cover the day before the start or after the end', () => {
    expect(windowCovers('2026-03-01', '2026-03-10', '2026-02-28')).toBe(false);
    expect(windowCovers('2026-03-01', '2026-03-10', '2026-03-11')).toBe(false);
  });
  it('a one-day window covers only that day; across a year end it compares as dates', () => {
    expect(windowCovers('2026-05-05', '2026-05-05', '2026-05-05')).toBe(true);
    expect(windowCovers('2026-05-05', '2026-05-05', '2026-05-06')).toBe(false);
    expect(windowCovers('2025-12-30', '2026-01-02', '2026-01-01')).toBe(true);
  });
});

describe('roundHalfUp', () => {
  it('rounds halves up and the rest to nearest', () => {
    expect(roundHalfUp(1250, 100)).toBe(13);
    expect(roundHalfUp(1249, 100)).toBe(12);
    expect(roundHalfUp(1251, 100)).toBe(13);
    expect(roundHalfUp(0, 100)).toBe(0);
  });
});

describe('unit price under a product discount equals the catalogue rule', () => {
  it('20% off 19,99 € is 15,99 € (1599.2 cents rounds to 1599)', () => {
    expect(discountedPriceCents(1999, 20)).toBe(1599);
  });
  it('a half cent of discount rounds up (12,50 € × 15% = 1,875 € → 1,88 € off)', () => {
    expect(discountedPriceCents(1250, 15)).toBe(1062);
  });
  it('no active discount keeps the price', () => {
    expect(discountedPriceCents(1999, null)).toBe(1999);
    expect(discountedPriceCents(1999, 0)).toBe(1999);
  });
});

describe('priceCart', () => {
  it('without a promo: total = subtotal + shipping', () => {
    const r = priceCart([line(1, 10, 1999, 2), line(2, 11, 500, 1)], null, 250);
    expect(r.subtotalCents).toBe(4498);
    expect(r.discountCents).toBe(0);
    expect(r.totalCents).toBe(4748);
    expect(r.lines.map((l) => l.lineTotalCents)).toEqual([3998, 500]);
    expect(r.lines.every((l) => !l.promoApplies)).toBe(true);
  });

  it('a promo for every product: total = subtotal × (1 − p/100) + shipping, rounded once half up', () => {
    const r = priceCart([line(1, 10, 1999, 1), line(2, 11, 1999, 1)], { percentage: 10, productIds: [] }, 300);
    expect(r.subtotalCents).toBe(3998);
    expect(r.discountCents).toBe(400); // 399.8 -> 400
    expect(r.totalCents).toBe(3998 - 400 + 300);
    expect(r.lines.every((l) => l.promoApplies)).toBe(true);
  });

  it('rounds the discount once on the promo base, not per line (three lines of 0,05 € at 10%)', () => {
    // Per line: 0.5 cent each would round to 1+1+1 = 3; once on 15 cents: 1.5 -> 2.
    const r = priceCart(
      [line(1, 1, 5, 1), line(2, 2, 5, 1), line(3, 3, 5, 1)],
      { percentage: 10, productIds: null },
      0,
    );
    expect(r.discountCents).toBe(2);
    expect(r.totalCents).toBe(13);
  });

  it('a half cent of discount rounds up (12,50 € at 15% = 1,875 € → 1,88 €)', () => {
    const r = priceCart([line(1, 1, 1250, 1)], { percentage: 15, productIds: null }, 0);
    expect(r.discountCents).toBe(188);
    expect(r.totalCents).toBe(1062);
  });

  it('a promo limited to some products discounts only their lines', () => {
    const r = priceCart(
      [line(1, 10, 2000, 2), line(2, 11, 3000, 1), line(3, 10, 1000, 1)],
      { percentage: 25, productIds: [10] },
      200,
    );
    expect(r.subtotalCents).toBe(8000);
    expect(r.promoBaseCents).toBe(5000);
    expect(r.discountCents).toBe(1250);
    expect(r.totalCents).toBe(8000 - 1250 + 200);
    expect(r.lines.map((l) => l.promoApplies)).toEqual([true, false, true]);
  });

  it('a limited promo that matches no line discounts nothing', () => {
    const r = priceCart([line(1, 10, 2000, 1)], { percentage: 50, productIds: [99] }, 0);
    expect(r.discountCents).toBe(0);
    expect(r.totalCents).toBe(2000);
  });

  it('shipping is never discounted and 100% off leaves only shipping', () => {
    const r = priceCart([line(1, 10, 2000, 3)], { percentage: 100, productIds: null }, 500);
    expect(r.discountCents).toBe(6000);
    expect(r.totalCents).toBe(500);
  });

  it('an empty cart costs only shipping', () => {
    expect(priceCart([], null, 500).totalCents).toBe(500);
  });
});

describe('sumByVariant', () => {
  it('sums quantities of the same variant across lines, keeping first-seen order', () => {
    const m = sumByVariant([
      { productVariantId: 5, quantity: 2 },
      { productVariantId: 3, quantity: 1 },
      { productVariantId: 5, quantity: 4 },
    ]);
    expect([...m]).toEqual([
      [5, 6],
      [3, 1],
    ]);
  });
});

describe('free shipping threshold (decision 181)', () => {
  const one = (cents: number) => [line(1, 1, cents, 1)];
  it('ships free at and above the threshold on the goods after the promo, charges just below, never without one', () => {
    expect(priceCart(one(4000), null, 500, 4000)).toMatchObject({ shippingCents: 0, totalCents: 4000 });
    expect(priceCart(one(3999), null, 500, 4000)).toMatchObject({ shippingCents: 500, totalCents: 4499 });
    expect(priceCart(one(4001), null, 500, 4000)).toMatchObject({ shippingCents: 0, totalCents: 4001 });
    expect(priceCart(one(4400), { percentage: 10, productIds: null }, 500, 4000)).toMatchObject({
      discountCents: 440,
      shippingCents: 500,
    });
    expect(priceCart(one(100000), null, 500, null)).toMatchObject({ shippingCents: 500 });
    expect(shipsFree(0, 0)).toBe(false);
  });
});

describe('fixed-amount promo codes (decision 222)', () => {
  const fixed = (amountCents: number, productIds: number[] | null = null) => ({
    percentage: 0,
    amountCents,
    productIds,
  });

  it('takes the amount off the goods before shipping: 40,00 € − 5,00 € + 3,00 € = 38,00 €', () => {
    const p = priceCart([line(1, 1, 2000, 2)], fixed(500), 300);
    expect(p).toMatchObject({ subtotalCents: 4000, promoBaseCents: 4000, discountCents: 500, shippingCents: 300 });
    expect(p.totalCents).toBe(3800);
    expect(p.lines[0]!.promoApplies).toBe(true);
  });

  it('never takes more than the goods: a 5,00 € code on 3,50 € of goods leaves only the shipping', () => {
    const p = priceCart([line(1, 1, 350, 1)], fixed(500), 300);
    expect(p).toMatchObject({ discountCents: 350, shippingCents: 300, totalCents: 300 });
    expect(priceCart([line(1, 1, 500, 1)], fixed(500), 0).totalCents).toBe(0);
  });

  it('a code limited to some products takes its amount off their lines only, capped at their sum', () => {
    const lines = [line(1, 1, 300, 1), line(2, 2, 5000, 1)];
    const p = priceCart(lines, fixed(500, [1]), 200);
    expect(p).toMatchObject({ subtotalCents: 5300, promoBaseCents: 300, discountCents: 300, totalCents: 5200 });
    expect(p.lines.map((l) => l.promoApplies)).toEqual([true, false]);
    expect(priceCart(lines, fixed(500, [99]), 200)).toMatchObject({ discountCents: 0, totalCents: 5500 });
  });

  it('free shipping is decided on the goods after the fixed amount', () => {
    // 42,00 € of goods, threshold 40,00 €: a 1,00 € code keeps it free, a 5,00 € code brings it under.
    expect(priceCart([line(1, 1, 4200, 1)], fixed(100), 300, 4000)).toMatchObject({
      discountCents: 100,
      shippingCents: 0,
      totalCents: 4100,
    });
    expect(priceCart([line(1, 1, 4200, 1)], fixed(500), 300, 4000)).toMatchObject({
      discountCents: 500,
      shippingCents: 300,
      totalCents: 4000,
    });
    // Goods wholly paid by the code never ship free (nothing left to reach a threshold of 0,00 €).
    expect(priceCart([line(1, 1, 400, 1)], fixed(500), 300, 0)).toMatchObject({ shippingCents: 300, totalCents: 300 });
  });

  it('a fixed code of 0 takes nothing and marks no line; the percentage field is not read for a fixed code', () => {
    const p = priceCart([line(1, 1, 1000, 1)], fixed(0), 0);
    expect(p.discountCents).toBe(0);
    expect(p.lines[0]!.promoApplies).toBe(false);
    expect(
      priceCart([line(1, 1, 1000, 1)], { percentage: 50, amountCents: 200, productIds: null }, 0).discountCents,
    ).toBe(200);
  });
});
