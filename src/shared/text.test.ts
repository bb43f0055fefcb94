import { describe, expect, it } from 'vitest';
import { foldText, matchesQuery } from './text';

describe('text folding', () => {
  it('strips Albanian diacritics and case', () => {
    expect(foldText('Këpucë Sportive')).toBe('kepuce sportive');
    expect(foldText('ÇANTË')).toBe('cante');
  });

  it('matches every query word against name, brand or price text', () => {
    expect(matchesQuery('kepuce', ['Këpucë lëkure', 'Nike'])).toBe(true);
    expect(matchesQuery('nike kepuce', ['Këpucë lëkure', 'Nike'])).toBe(true);
    expect(matchesQuery('fustan', ['Këpucë lëkure', 'Nike'])).toBe(false);
    expect(matchesQuery('49,90', ['Fustan', null, '49,90 €'])).toBe(true);
    expect(matchesQuery('   ', ['x'])).toBe(true);
  });
});
