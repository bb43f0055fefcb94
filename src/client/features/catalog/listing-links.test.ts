// @vitest-environment happy-dom
// The filter form (issue 25) is read as the URL it would open, and its links and action lead to the right page.
import { describe, expect, it } from 'vitest';
import { formAction, hiddenFields, listingLink, searchFromForm, withCategory } from './listing-links';

function form(html: string): HTMLFormElement {
  const el = document.createElement('form');
  el.innerHTML = html;
  return el;
}

describe('the filter form', () => {
  it('is read as the router reads its GET URL: checked boxes, typed prices, the hidden order', () => {
    const sent = form(`
      <input type="hidden" name="sort" value="price-asc">
      <input type="checkbox" name="size" value="3" checked><input type="checkbox" name="size" value="1" checked>
      <input type="checkbox" name="size" value="9">
      <input type="checkbox" name="brand" value="Zara" checked><input type="checkbox" name="brand" value="H&amp;M" checked>
      <input name="minPrice" value="59,90"><input name="maxPrice" value="abc">`);
    expect(searchFromForm(sent)).toEqual({
      size: [1, 3],
      brand: ['H&M', 'Zara'],
      minPrice: 59.9,
      sort: 'price-asc',
    });
    expect(searchFromForm(form('<input name="minPrice" value=""><input name="maxPrice" value="">'))).toEqual({});
  });

  it('is sent to the page it narrows, with the search text and category of the search page', () => {
    const listing = { kind: 'listing', base: '/glow-outlet', categoryID: 12 } as const;
    const search = { kind: 'search', q: 'fustan e zezë', categoryID: 3 } as const;
    expect(formAction(listing)).toBe('/glow-outlet/12');
    expect(formAction(withCategory(listing, undefined))).toBe('/glow-outlet');
    expect(formAction(search)).toBe('/kerko');
    expect(hiddenFields(search, { sort: 'discount' })).toEqual([
      ['q', 'fustan e zezë'],
      ['categoryID', '3'],
      ['sort', 'discount'],
    ]);
    expect(listingLink(listing, { size: [], page: 1, brand: ['Zara'] })).toEqual({
      to: '/glow-outlet/$categoryID',
      params: { categoryID: 12 },
      search: { brand: ['Zara'] },
    });
    expect(listingLink(search, { page: 2 })).toEqual({
      to: '/kerko',
      search: { q: 'fustan e zezë', categoryID: 3, page: 2 },
    });
  });
});
