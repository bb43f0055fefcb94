// @vitest-environment happy-dom
// The client side of the first-view data (decision 192): the element the server writes seeds the React Query
// cache under the keys the routes and components read, so they send no request for it.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { initialQueriesScript, initialQuery } from '#server/http/initial-queries';
import { filterInput } from './listing-queries';
import { seedInitialQueries } from '#client/lib/initial-queries';
import { trpc } from '#client/lib/trpc';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('seedInitialQueries', () => {
  it('seeds the listing, product and home answers under the keys the page reads, then removes the element', async () => {
    const listing = {
      products: [{ productID: 7, name: 'Fustan </script>' }],
      totalCount: 1,
      at: new Date('2026-11-23T10:00:00Z'),
    };
    const product = { productID: 7, name: 'Fustan' };
    document.head.innerHTML = initialQueriesScript([
      initialQuery('filter', filterInput(1, undefined, {}), listing),
      initialQuery('product', { productID: 7 }, product),
      initialQuery('homepage', undefined, [product]),
    ]);
    const qc = new QueryClient();
    expect(seedInitialQueries(qc, trpc)).toBe(3);
    expect(qc.getQueryData(trpc.catalog.filter.queryOptions(filterInput(1, undefined, {})).queryKey)).toEqual(listing); // Date restored (superjson)
    expect(qc.getQueryData(trpc.catalog.product.queryOptions({ productID: 7 }).queryKey)).toEqual(product);
    expect(qc.getQueryData(trpc.catalog.homepage.queryOptions().queryKey)).toEqual([product]);
    expect(document.getElementById('butiku-queries')).toBeNull();
    // The route's read finds it: no fetch (the query function would fail here, there is no server).
    await expect(qc.ensureQueryData(trpc.catalog.product.queryOptions({ productID: 7 }))).resolves.toEqual(product);
  });

  it('ignores a missing or malformed element and procedures that may not be seeded', () => {
    const qc = new QueryClient();
    expect(seedInitialQueries(qc, trpc)).toBe(0);
    document.head.innerHTML = '<script type="application/json" id="butiku-queries">{not json</script>';
    expect(seedInitialQueries(qc, trpc)).toBe(0);
    document.head.innerHTML =
      '<script type="application/json" id="butiku-queries">[{"path":"profile","data":{"json":{}}},{"path":"product","input":{"productID":1},"data":null}]</script>';
    expect(seedInitialQueries(qc, trpc)).toBe(0);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});
