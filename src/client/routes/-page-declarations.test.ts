// The page declarations (src/shared/pages.ts, decision 212) against the router: every storefront route has one and
// every declaration is a route; the server reads a query string exactly as the router does; search readers are
// lenient and idempotent on generated input.
import fc from 'fast-check';
import { createRouter, defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../routeTree.gen';
import { parseListingSearch, parseSearchPageSearch, searchFromQuery } from '#shared/page-search';
import { matchPage, pages } from '#shared/pages';

/** The leaf routes' full paths (the pages), as the router knows them. */
function routePaths(): string[] {
  const router = createRouter({ routeTree, context: {} as never });
  return (Object.values(router.routesById) as { fullPath: string; children?: unknown }[])
    .filter((r) => !r.children)
    .map((r) => r.fullPath);
}

describe('page declarations', () => {
  it('match the storefront routes one to one', () => {
    const storefront = routePaths().filter((p) => !p.startsWith('/dashboard'));
    expect(new Set(Object.values(pages).map((p) => p.path))).toEqual(new Set(storefront));
  });

  it('each storefront route declares its head from its page declaration (decision 282)', () => {
    const router = createRouter({ routeTree, context: {} as never });
    const leaves = (
      Object.values(router.routesById) as { fullPath: string; children?: unknown; options: { head?: unknown } }[]
    ).filter((r) => !r.children && !r.fullPath.startsWith('/dashboard'));
    expect(leaves.filter((r) => typeof r.options.head !== 'function').map((r) => r.fullPath)).toEqual([]);
    // What a head says: the declaration's title, whole, and its description.
    expect(pages.cart.head(undefined, {})).toEqual({ title: 'Shporta | Butiku', description: expect.any(String) });
    expect(
      pages.products.head({ main: 1, products: { products: [], totalCount: 0 } } as never, { page: 3 }).title,
    ).toBe('Produktet · Faqja 3 | Butiku');
    expect(pages.cartReminderLink.head(undefined, pages.cartReminderLink.parseSearch({ ndalo: '1' })).title).toBe(
      'Çregjistrohu nga kujtesat e shportës | Butiku',
    );
  });

  it('name pages by path, with parsed ids, and nothing for unknown paths', () => {
    expect(matchPage('/products/7')).toMatchObject({ name: 'productsCategory', params: { categoryID: 7 } });
    expect(matchPage('/products/')).toMatchObject({ name: 'products' });
    expect(matchPage('/productDetails/abc')).toMatchObject({ name: 'product', params: null });
    expect(matchPage('/products/1/2')).toBeNull();
    expect(matchPage('/nope')).toBeNull();
  });
});

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('size', 'page', 'sort', 'q', 'x', 'brand', 'minPrice', 'maxPrice', 'categoryID'),
      fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('[3', '[3]', '1,2', '{"a":1}', 'true', '-1', '1e3', ' 2', 'null', '%zz'),
        fc.constantFrom('59,90', '59.90', '1.299,9', '0', '["Zara","zara"]', '[1,"x"]', '12€50'),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

describe('search parsing', () => {
  it('the server reads a query string as the router does', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect({ ...searchFromQuery(q) }).toEqual({ ...defaultParseSearch(`?${q}`) });
      }),
      { numRuns: 500 },
    );
  });

  it('a listing keeps only well-formed values, never throws, and reads its own output the same', () => {
    fc.assert(
      fc.property(query, (q) => {
        const once = parseListingSearch(searchFromQuery(q));
        expect(parseListingSearch(once as Record<string, unknown>)).toEqual(once);
        const keys = ['size', 'eventID', 'colorID', 'brand', 'minPrice', 'maxPrice', 'page', 'sort'];
        expect(Object.keys(once).every((k) => keys.includes(k))).toBe(true);
        const search = parseSearchPageSearch(searchFromQuery(q));
        expect(parseSearchPageSearch(search as Record<string, unknown>)).toEqual(search);
      }),
      { numRuns: 500 },
    );
    expect(parseListingSearch(searchFromQuery('size=%5B3&sort=zzz&page=x'))).toEqual({});
    expect(parseListingSearch(searchFromQuery('size=[3,1]&page=2&sort=price-asc'))).toEqual({
      size: [1, 3],
      page: 2,
      sort: 'price-asc',
    });
  });
});
