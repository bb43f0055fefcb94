// GET /robots.txt (a string with an ETag), /sitemap.xml with /sitemaps/N.xml past 50 000 URLs, /feeds/products.xml
// and /feeds/products.csv: built files streamed from disk (issue 38, decision 242), 304 on a matching validator.
import type { Context, Hono } from 'hono';
import type { BuiltSet } from '#server/built-files';
import { matchesEtag, sendBuiltFile } from '#server/http/built-file-reply';
import type { AppEnv } from '#server/http/env';
import { productFeedFiles, robotsTxt, sitemapFiles, type TextAsset } from './seo.service';

const XML = 'application/xml; charset=utf-8';

function sendText(c: Context<AppEnv>, a: TextAsset, type: string, maxAge: number) {
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  c.header('ETag', a.etag);
  if (matchesEtag(c.req.header('if-none-match'), a.etag)) return c.body(null, 304);
  c.header('Content-Type', type);
  return c.body(a.body);
}

/** A file of a built set, or the 404 of a name the set does not have (a sitemap part past the last). */
function sendFileOf(c: Context<AppEnv>, set: BuiltSet, name: string, type: string, maxAge: number) {
  const file = set.files.get(name);
  return file ? sendBuiltFile(c, file, type, maxAge) : c.notFound();
}

export function mountSeoRoutes(app: Hono<AppEnv>): void {
  app.get('/robots.txt', (c) => sendText(c, robotsTxt(c.var.deps), 'text/plain; charset=utf-8', 3600));
  app.get('/sitemap.xml', async (c) => sendFileOf(c, await sitemapFiles(c.var.deps), '', XML, 3600));
  app.get('/sitemaps/:file{[1-9][0-9]{0,5}\\.xml}', async (c) =>
    sendFileOf(c, await sitemapFiles(c.var.deps), c.req.param('file').slice(0, -4), XML, 3600),
  );
  app.get('/feeds/products.xml', async (c) => sendFileOf(c, await productFeedFiles(c.var.deps), 'xml', XML, 900));
  app.get('/feeds/products.csv', async (c) =>
    sendFileOf(c, await productFeedFiles(c.var.deps), 'csv', 'text/csv; charset=utf-8', 900),
  );
}
