// Serves the built client: hashed assets with long cache, and index.html (with page meta) for app routes.
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './env';
import { renderMetaTags, resolvePageMeta } from './page-meta';

const META_MARKER = /<!--app-meta-->[\s\S]*?<!--\/app-meta-->/;

export function mountSpa(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = path.join(distDir, 'index.html');
  let template: string | null = null;
  const readTemplate = () => {
    if (template === null || process.env.NODE_ENV !== 'production') {
      template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
    }
    return template;
  };
  const root = path.relative(process.cwd(), distDir) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '/images/*',
    serveStatic({
      root,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
      },
    }),
  );
  app.get('/favicon.svg', serveStatic({ root }));
  app.get('/robots.txt', serveStatic({ root }));

  app.get('*', async (c) => {
    const html = readTemplate();
    if (!html) return c.text('Client not built. Run `npm run build` (npm start does this for you).', 503);
    const url = new URL(c.req.url);
    const meta = await resolvePageMeta(c.var.deps, url.pathname);
    const origin = c.var.deps.config.publicUrl ?? url.origin;
    const page = html.replace(META_MARKER, renderMetaTags(meta, origin, url.pathname));
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
}
