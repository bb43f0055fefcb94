import { describe, expect, it } from 'vitest';
import {
  applyPercent,
  centsToEuros,
  euroInputText,
  eurosToCents,
  formatCents,
  formatEuro,
  parseEuroText,
} from './money';

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

  it('reads euros as staff type them: a decimal comma or point, never a hundredfold price (decision 216)', () => {
    const read: Array<[string, number]> = [
      ['59,90', 5990],
      ['59.90', 5990],
      ['59,9', 5990],
      ['59.9', 5990],
      ['59', 5900],
      ['0', 0],
      ['0,05', 5],
      [' 59,90 ', 5990],
      ['59,90 €', 5990],
      ['€59.90', 5990],
      ['1.234,50', 123450],
      ['1,234.50', 123450],
      ['1 234,50', 123450],
      [`1${NBSP}234,50`, 123450],
      ['1 234', 123400],
      ['1.234.567', 123456700],
      ['1,234,567.89', 123456789],
    ];
    for (const [text, cents] of read) expect(parseEuroText(text), text).toBe(cents);
  });

  it('refuses typed euros it cannot read one way only', () => {
    const refused = [
      '1.234', // a grouped thousand or a mistyped 1,23? refused rather than guessed
      '1,234',
      '5.001',
      '1.234.50', // the same mark for thousands and decimals
      '1,234,50',
      '12.34.56',
      '1.23,45', // groups of three only
      '-5',
      '+5',
      '1e3',
      '0x10',
      '05',
      '.5',
      '5.',
      '5,',
      '',
      ' ',
      '€',
      '59,90 EUR',
      '1_000',
      'Infinity',
      '9'.repeat(400),
    ];
    for (const text of refused) expect(parseEuroText(text), text).toBeNull();
  });

  it('shows a price for editing the way the shop writes it', () => {
    expect(euroInputText(59.9)).toBe('59,90');
    expect(euroInputText(1234.5)).toBe('1234,50');
    expect(euroInputText(0)).toBe('0,00');
    expect(parseEuroText(euroInputText(19.99))).toBe(1999);
  });
});
