// Issue 25: what a search text asks for; Albanian colour words in any gender or number, diacritics folded, name
// colour families, and a product matches them when it comes in that colour.
import { describe, expect, it } from 'vitest';
import { colourFamilies, matchesSearch, searchDoc, searchTerms } from './search-words';

describe('searchTerms', () => {
  it('turns colour words into colour families and drops the words that only join others', () => {
    const black = { words: ['fustan'], colours: ['black'] };
    for (const q of ['fustan e zezë', 'fustan i zi', 'Fustan E ZEZE', 'fustan të zeza', 'fustan  ngjyrë të zinj'])
      expect(searchTerms(q), q).toEqual(black);
    expect(searchTerms('zi')).toEqual({ words: [], colours: ['black'] });
    expect(searchTerms('bluzë e bardhë e kuqe')).toEqual({ words: ['bluze'], colours: ['red', 'white'] });
    expect(searchTerms('kepuce nike 49,90')).toEqual({ words: ['49,90', 'kepuce', 'nike'], colours: [] });
    // Joining words alone are still searched for.
    expect(searchTerms('e')).toEqual({ words: ['e'], colours: [] });
  });
});

describe('colourFamilies', () => {
  it('reads the colours table names', () => {
    expect(colourFamilies('E zezë')).toEqual(['black']);
    expect(colourFamilies('E gjelbër ulliri')).toEqual(['green']);
    expect(colourFamilies('Blu marine')).toEqual(['blue']);
    expect(colourFamilies('Bardh-zi')).toEqual(['black', 'white']);
    expect(colourFamilies('Mustardë')).toEqual(['yellow']);
    expect(colourFamilies('Rozë')).toEqual(['pink']);
    expect(colourFamilies('Ngjyrë e re')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const dress = searchDoc(['Fustan midi me rrip', 'Zara', 'Fustane', '49,90 €'], ['E kuqe', 'E zezë']);
  const zipper = searchDoc(['Xhaketë me zinxhir', 'Only', 'Xhaketa'], ['Bezhë']);
  const named = searchDoc(['Fustan i zi klasik', 'Mango', 'Fustane'], []);

  it('needs every word in the text and every colour among the product colours', () => {
    expect(matchesSearch(searchTerms('fustan e zezë'), dress)).toBe(true);
    expect(matchesSearch(searchTerms('fustan zara i kuq'), dress)).toBe(true);
    expect(matchesSearch(searchTerms('fustan e bardhë'), dress)).toBe(false);
    expect(matchesSearch(searchTerms('49,90'), dress)).toBe(true);
    expect(matchesSearch(searchTerms('kepuce'), dress)).toBe(false);
  });

  it('takes a colour word in the text only as a whole word', () => {
    expect(matchesSearch(searchTerms('i zi'), named)).toBe(true);
    expect(matchesSearch(searchTerms('zi'), zipper)).toBe(false);
    expect(matchesSearch(searchTerms('zinxhir'), zipper)).toBe(true);
  });
});
