import { describe, expect, it } from 'vitest';
import { applyPercent, centsToEuros, eurosToCents, formatCents, formatEuro } from './money';

const NBSP = '\u00a0';

describe('money', () => {
  it('formats cents as Albanian euro text with two decimals', () => {
    expect(formatCents(1250)).toBe(`12,50${NBSP}€`);
    expect(formatCents(5)).toBe(`0,05${NBSP}€`);
    expect(formatCents(0)).toBe(`0,00${NBSP}€`);
    expect(formatCents(123456789)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}€`);
    expect(formatCents(-499)).toBe(`-4,99${NBSP}€`);
  });

  it('formats euro numbers from the API', () => {
    expect(formatEuro(12.5)).toBe(`12,50${NBSP}€`);
    expect(formatEuro(19.99)).toBe(`19,99${NBSP}€`);
    expect(formatEuro(0.1 + 0.2)).toBe(`0,30${NBSP}€`);
  });

  it('converts between euros and cents without float drift', () => {
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(-2.5)).toBe(-250);
    expect(centsToEuros(1999)).toBe(19.99);
  });

  it('applies a percentage with half-up rounding to the cent', () => {
    expect(applyPercent(1000, 10)).toBe(900);
    expect(applyPercent(999, 15)).toBe(849); // 149.85 off -> 150
    expect(applyPercent(1999, 100)).toBe(0);
    expect(applyPercent(1999, 0)).toBe(1999);
  });
});
