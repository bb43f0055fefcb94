// GET /robots.txt, /sitemap.xml, /feeds/products.xml, /feeds/products.csv (cached strings with an ETag; 304 on If-None-Match).
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { productFeedCsv, productFeedXml, robotsTxt, sitemapXml, type TextAsset } from './seo.service';

/** True when the request's If-None-Match names this ETag (weak or strong, or *). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function send(c: Context<AppEnv>, a: TextAsset, type: string, maxAge: number) {
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  c.header('ETag', a.etag);
  if (matchesEtag(c.req.header('if-none-match'), a.etag)) return c.body(null, 304);
  c.header('Content-Type', type);
  return c.body(a.body);
}

export function mountSeoRoutes(app: Hono<AppEnv>): void {
  app.get('/robots.txt', (c) => send(c, robotsTxt(c.var.deps), 'text/plain; charset=utf-8', 3600));
  app.get('/sitemap.xml', async (c) =>
    send(c, (await sitemapXml(c.var.deps)).value, 'application/xml; charset=utf-8', 3600),
  );
  app.get('/feeds/products.xml', async (c) =>
    send(c, (await productFeedXml(c.var.deps)).value, 'application/xml; charset=utf-8', 900),
  );
  app.get('/feeds/products.csv', async (c) =>
    send(c, (await productFeedCsv(c.var.deps)).value, 'text/csv; charset=utf-8', 900),
  );
}
