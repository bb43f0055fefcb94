import { describe, expect, it } from 'vitest';
import { compareSizeNames, sortSizes } from './sizes';

describe('size order', () => {
  it('puts XS..XXL first, then the rest in natural order', () => {
    const names = ['42', 'XL', 'Një madhësi', 'S', '36', 'XXL', 'M', '9', 'XS', 'L', '38'];
    expect([...names].sort(compareSizeNames)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      '9',
      '36',
      '38',
      '42',
      'Një madhësi',
    ]);
  });

  it('sorts size objects', () => {
    expect(sortSizes([{ sizeName: 'L' }, { sizeName: 's' }]).map((s) => s.sizeName)).toEqual(['s', 'L']);
  });
});
