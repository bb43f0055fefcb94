// Pure storefront rules of the listings and home: listing URL state, pages, search, home split.
import { describe, expect, it } from 'vitest';
import { splitInHalves } from './featured-carousels';
import { wrapIndex } from './hero-slideshow';
import { cleanSearch, pageCount, validateListingSearch } from './listing-search';
import { pageWindow } from './pagination';

describe('listing URL state and pages', () => {
  it('keeps well-formed ids and pages, drops the rest', () => {
    expect(validateListingSearch({ size: [3, 1, 3], eventID: '2,x,5', colorID: ['7', -1], page: 2 })).toEqual({
      size: [1, 3],
      eventID: [2, 5],
      colorID: [7],
      page: 2,
    });
    expect(validateListingSearch({ size: 'abc', page: 0 })).toEqual({});
    expect(validateListingSearch({ page: '1' })).toEqual({});
    expect(cleanSearch({ size: [], page: 1 })).toEqual({});
  });

  it('counts pages as ceil(total / 24), at least 1', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(56)).toBe(3);
  });

  it('shows first, last and neighbouring page numbers with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, null, 12]);
  });
});

describe('home and search', () => {
  it('wraps the hero index both ways and splits featured products with the first half rounded up', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(splitInHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitInHalves([])).toEqual([[], []]);
  });
});
