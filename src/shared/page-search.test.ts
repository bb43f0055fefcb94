// Issue 25: the listing's and search page's URLs read leniently (decision 212): prices as shoppers type them
// ("59,90" or "59.90"), brands, the search text and category; a bad value is dropped, never an error.
import { describe, expect, it } from 'vitest';
import {
  hasListingFilters,
  parseListingSearch,
  parsePrice,
  parseSearchPageSearch,
  searchFromQuery,
} from './page-search';

const listing = (query: string) => parseListingSearch(searchFromQuery(query));

describe('parsePrice', () => {
  it('reads euros typed with a decimal comma or point, with spaces, the euro sign or thousands grouped', () => {
    expect(parsePrice('59,90')).toBe(59.9);
    expect(parsePrice('59.90')).toBe(59.9);
    expect(parsePrice(' 59,9 € ')).toBe(59.9);
    expect(parsePrice('59')).toBe(59);
    expect(parsePrice('0,05')).toBe(0.05);
    expect(parsePrice('1 299,90')).toBe(1299.9);
    expect(parsePrice('1.299,90')).toBe(1299.9);
    expect(parsePrice('1,299.90')).toBe(1299.9);
    expect(parsePrice('1.299')).toBe(1299);
    expect(parsePrice('1\u00a0000')).toBe(1000);
    expect(parsePrice(59.9)).toBe(59.9);
  });

  it('drops what is no amount of euros with at most two decimals, up to a million', () => {
    for (const bad of ['', 'abc', '-5', '5,9999', '59,', ',5', '1,2,3', '12€50', '1e3', '1000001', 'NaN'])
      expect(parsePrice(bad), bad).toBeUndefined();
    for (const bad of [-1, 0.001, Number.NaN, Infinity, 2_000_000, true, null, [59], { a: 1 }])
      expect(parsePrice(bad), String(bad)).toBeUndefined();
  });
});

describe('listing search', () => {
  it('keeps a price range (the smaller end first) and brands, as a GET form or the router writes them', () => {
    expect(listing('minPrice=59%2C90&maxPrice=120')).toEqual({ minPrice: 59.9, maxPrice: 120 });
    expect(listing('minPrice=120&maxPrice=59.90')).toEqual({ minPrice: 59.9, maxPrice: 120 });
    expect(listing('minPrice=0&maxPrice=')).toEqual({});
    expect(listing('brand=Zara&brand=Mango&brand=zara&brand=')).toEqual({ brand: ['Mango', 'Zara'] });
    expect(listing(`brand=${encodeURIComponent('["Zara","L\'Oréal Paris"]')}`)).toEqual({
      brand: ["L'Oréal Paris", 'Zara'],
    });
    expect(listing('brand=123')).toEqual({ brand: ['123'] });
  });

  it('drops bad values and keeps the rest', () => {
    expect(listing('minPrice=abc&maxPrice=-3&brand=%5B&size=3&sort=price-asc')).toEqual({
      brand: ['['],
      size: [3],
      sort: 'price-asc',
    });
    expect(listing(`brand=${'x'.repeat(101)}&minPrice=5,9999`)).toEqual({});
  });

  it('counts price and brand as filters', () => {
    expect(hasListingFilters({ minPrice: 10 })).toBe(true);
    expect(hasListingFilters({ maxPrice: 0 })).toBe(true);
    expect(hasListingFilters({ brand: ['Zara'] })).toBe(true);
    expect(hasListingFilters({ page: 2, sort: 'discount' })).toBe(false);
  });
});

describe('search page search', () => {
  it('keeps the text, a category and the listing filters, page and order', () => {
    const query = 'q=fustan+e+zez%C3%AB&categoryID=3&size=2&brand=Zara&minPrice=10,50&sort=price-desc&page=2';
    expect(parseSearchPageSearch(searchFromQuery(query))).toEqual({
      q: 'fustan e zezë',
      categoryID: 3,
      size: [2],
      brand: ['Zara'],
      minPrice: 10.5,
      page: 2,
      sort: 'price-desc',
    });
  });

  it('drops a bad category or order and an empty text; reads its own output the same', () => {
    const once = parseSearchPageSearch(searchFromQuery('q=%20%20&categoryID=0&sort=zzz&maxPrice=9.99'));
    expect(once).toEqual({ maxPrice: 9.99 });
    expect(parseSearchPageSearch(searchFromQuery('q=123'))).toEqual({ q: '123' });
    const full = parseSearchPageSearch(searchFromQuery('q=zi&categoryID=5&colorID=[2,1]&brand=Nike'));
    expect(parseSearchPageSearch(full as Record<string, unknown>)).toEqual(full);
  });
});
