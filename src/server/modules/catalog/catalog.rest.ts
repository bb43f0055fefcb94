// REST adapters of the catalog module for the documented /api paths (spec 7): parse the query -> the same
// cached service read as tRPC -> the cached JSON text. Static paths are registered before /:id ones.
import type { Context, Hono } from 'hono';
import {
  catalogQuery,
  CategoriesByMainInput,
  ColorsWithCountInput,
  FilterColorsInput,
  ProductFilterInput,
  RelatedProductsInput,
} from '../../../shared/schemas/catalog';
import type { AppEnv } from '../../http/env';
import { parseInput, pathId, queryRecord } from '../../http/request';
import { acceptsGzip, CATALOG_CACHE_HEADERS, encodedRead, JSON_TYPE } from './catalog.body';
import * as catalog from './catalog.service';

/**
 * Sends a cached read as its already serialised JSON. Cache-Control and Vary are set here, up front: when the
 * app-wide middlewares add them after the handler (c.header on a finished response), Hono rebuilds the
 * response around a stream and @hono/node-server loses its single-write fast path (a third of the throughput).
 */
const send = (c: Context<AppEnv>, read: catalog.CachedRead<unknown>) => {
  const { bytes, gzip } = encodedRead(read, acceptsGzip(c.req.header('accept-encoding')));
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, ...CATALOG_CACHE_HEADERS };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return c.body(bytes, 200, headers);
};

/** The listing's query (GET /api/Product/filters) as ProductFilterInput; both REST lanes parse it this way. */
export const listingInput = (query: Record<string, string>): ProductFilterInput =>
  parseInput(
    ProductFilterInput,
    catalogQuery(query, {
      numbers: ['mainCategoryID', 'categoryID', 'page', 'pageSize'],
      lists: ['size', 'eventID', 'colorID'],
      strings: ['sort'],
    }),
  );

export function mountCatalogRest(api: Hono<AppEnv>): void {
  api.get('/Product', async (c) => send(c, await catalog.productList(c.var.deps.db, c.var.actor, true)));
  api.get('/Product/homepage', async (c) => send(c, await catalog.homepageProducts(c.var.deps.db)));
  api.get('/Product/related', async (c) => {
    const raw = catalogQuery(queryRecord(c), {
      numbers: ['categoryId', 'currentProductId'],
      lists: ['sizeIds', 'colorIds'],
      strings: ['brand'],
    });
    return send(c, await catalog.relatedProducts(c.var.deps.db, parseInput(RelatedProductsInput, raw)));
  });
  api.get('/Product/filters', async (c) =>
    send(c, await catalog.filterProducts(c.var.deps.db, listingInput(queryRecord(c)))),
  );
  api.get('/Product/variants/:variantId', async (c) =>
    send(c, await catalog.variantStockById(c.var.deps.db, pathId(c, 'variantId'))),
  );
  api.get('/Product/color/filtered', async (c) => {
    const input = parseInput(FilterColorsInput, catalogQuery(queryRecord(c), { numbers: ['minProductCount'] }));
    return send(c, await catalog.colorsWithCount(c.var.deps.db, input.minProductCount));
  });
  api.get('/Product/:id', async (c) => send(c, await catalog.productById(c.var.deps.db, pathId(c, 'id'), c.var.actor)));

  api.get('/Category', async (c) => send(c, await catalog.categories(c.var.deps.db)));
  api.get('/Category/filter', async (c) => {
    const input = parseInput(CategoriesByMainInput, catalogQuery(queryRecord(c), { numbers: ['mainCategoryID'] }));
    return send(c, await catalog.categoriesByMain(c.var.deps.db, input.mainCategoryID));
  });
  api.get('/Category/:id', async (c) => send(c, await catalog.categoryById(c.var.deps.db, pathId(c, 'id'))));
  api.get('/MainCategories', async (c) => send(c, await catalog.mainCategories(c.var.deps.db)));
  api.get('/Size', async (c) => send(c, await catalog.sizes(c.var.deps.db)));
  api.get('/Event', async (c) => send(c, await catalog.events(c.var.deps.db)));
  api.get('/Color', async (c) => send(c, await catalog.colors(c.var.deps.db)));
  api.get('/Color/color/with-count', async (c) => {
    const input = parseInput(ColorsWithCountInput, catalogQuery(queryRecord(c), { numbers: ['minProductCount'] }));
    return send(c, await catalog.colorsWithCount(c.var.deps.db, input.minProductCount));
  });
  api.get('/countries', async (c) => send(c, await catalog.countries(c.var.deps.db)));
}
