// Before the shop listens: one request of each server-rendered page kind (home, listings, a product page), in the
// process (decision 283). The first of each kind costs hundreds of milliseconds that later ones do not (the server
// render's bundle loaded, the code compiled, the catalogue's indexes built): at 10 000 products the first shopper's
// home page held every other request for 340 ms. Nobody waits on a shop that is not yet listening, and start stays
// under 2 s (decision 263).
import type { Hono } from 'hono';
import type { AppDeps } from './deps';
import { homepageProducts } from './modules/catalog';

/**
 * The pages warmed: the home page, the products listing, and the page of the first product the home page shows and
 * its category's listing (a category's listing has code and reads of its own: the shop's colour counts, the
 * category's facets; its first visit cost 60-140 ms at 10 000 products, issue 38).
 */
async function warmPaths(deps: AppDeps): Promise<string[]> {
  const first = (await homepageProducts(deps.db)).value[0];
  return ['/', '/products', ...(first ? [`/productDetails/${first.productID}`, `/products/${first.categoryID}`] : [])];
}

/** Requests each page once, as a browser would (gzip); a failure is logged and never stops the start. */
export async function warmUp(app: Pick<Hono, 'request'>, deps: AppDeps): Promise<number> {
  const started = performance.now();
  try {
    for (const path of await warmPaths(deps)) {
      const res = await app.request(path, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
      await res.arrayBuffer();
    }
  } catch (err) {
    deps.logger?.warn({ err }, 'warming the pages failed; the first shoppers warm them');
  }
  return Math.round(performance.now() - started);
}
