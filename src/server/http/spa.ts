// Serves the built client: hashed assets with long cache, and index.html (with page meta) for app routes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { messages } from '../../shared/messages';
import type { AppEnv } from './env';
import { matchesEtag, mountSeoRoutes } from '../modules/seo/seo.rest';
import { pageHeadTags } from './page-meta';

const META_MARKER = /<!--app-meta-->[\s\S]*?<!--\/app-meta-->/;

export function mountSpa(app: Hono<AppEnv>, distDirInput: string): void {
  const distDir = path.resolve(distDirInput);
  const indexPath = path.join(distDir, 'index.html');
  let template: string | null = null;
  const readTemplate = () => {
    if (template === null || process.env.NODE_ENV !== 'production') {
      template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
    }
    return template;
  };
  // Files under dist/ through @hono/node-server's serveStatic (streams, Content-Length, ranges, MIME,
  // traversal and malformed-escape checks); what it does not find is a plain 404, never the SPA page.
  const serveFile = (cacheControl: string) => {
    const serve = serveStatic({ root: distDir });
    return async (c: Context<AppEnv>) => {
      const found = await serve(c, async () => {});
      if (!found) return c.text('Not found', 404);
      found.headers.set('Cache-Control', cacheControl);
      return found;
    };
  };

  mountSeoRoutes(app); // robots.txt, sitemap.xml, feeds/ (generated, before the page fallback)
  app.get('/assets/*', serveFile('public, max-age=31536000, immutable'));
  app.get('/images/*', serveFile('public, max-age=86400'));
  app.get('/favicon.svg', serveFile('public, max-age=86400'));

  app.get('*', async (c) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text(messages.common.pageNotFound, 404); // malformed percent-encoding names no page
    }
    const html = readTemplate();
    if (!html) return c.text('Client not built. Run `npm run build` (npm start does this for you).', 503);
    const url = new URL(c.req.url);
    // Canonical and Open Graph links come from PUBLIC_URL, never from the request's Host header.
    const page = html.replace(META_MARKER, await pageHeadTags(c.var.deps, url));
    // Revalidated on every visit (no-cache), answered with 304 while the page is unchanged.
    const etag = `W/"${createHash('sha1').update(page).digest('base64url')}"`;
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', etag);
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.html(page);
  });
}
