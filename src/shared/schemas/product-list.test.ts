// The staff product list's URL is read leniently (decision 212): a bad value is dropped, never an error, and the
// result is the URL's clean form (defaults left out), so reading it again changes nothing.
import { describe, expect, it } from 'vitest';
import { BulkProductsInput, parseProductListSearch, ProductTableInput } from './product-list';

describe('parseProductListSearch', () => {
  it('keeps well-formed values as the router reads them (numbers, booleans, text)', () => {
    expect(
      parseProductListSearch({ page: 3, sort: 'price', dir: 'desc', categoryID: '12', active: false, lowStock: true }),
    ).toEqual({ page: 3, sort: 'price', dir: 'desc', categoryID: 12, active: false, lowStock: true });
    expect(parseProductListSearch({ active: 'true', lowStock: 'true', page: '2' })).toEqual({
      active: true,
      lowStock: true,
      page: 2,
    });
  });

  it('drops bad values and the defaults', () => {
    expect(
      parseProductListSearch({
        page: 'abc',
        sort: 'zzz',
        dir: 'up',
        categoryID: '[3',
        active: 'maybe',
        lowStock: ['true'],
        other: 1,
      }),
    ).toEqual({});
    expect(parseProductListSearch({ page: 1, sort: 'date', dir: 'desc', lowStock: false })).toEqual({});
    expect(parseProductListSearch({ sort: 'name', dir: 'asc' })).toEqual({ sort: 'name' });
    expect(parseProductListSearch({ dir: 'asc' })).toEqual({ dir: 'asc' });
    expect(parseProductListSearch({ page: 10_001 })).toEqual({});
    expect(parseProductListSearch({ page: -2, categoryID: 0 })).toEqual({});
  });

  it('is idempotent, and what it keeps the server accepts', () => {
    for (const raw of [
      { page: '7', sort: 'stock', dir: 'desc', categoryID: 4, active: 'false', lowStock: 'true' },
      { sort: 'name', dir: 'desc' },
      { page: 2, dir: 'asc' },
    ]) {
      const once = parseProductListSearch(raw);
      expect(parseProductListSearch(once as Record<string, unknown>)).toEqual(once);
      expect(ProductTableInput.safeParse(once).success).toBe(true);
    }
  });
});

describe('BulkProductsInput', () => {
  it('keeps each id once, in the order given', () => {
    expect(BulkProductsInput.parse({ action: 'delete', productIDs: [3, 1, 3, '2'] })).toEqual({
      action: 'delete',
      productIDs: [3, 1, 2],
    });
  });
});
