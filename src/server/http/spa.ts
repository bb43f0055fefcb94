// Serves the built client: hashed assets with long cache, and index.html (with page meta) for app routes.
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { messages } from '../../shared/messages';
import type { AppEnv } from './env';
import { renderMetaTags, resolvePageMeta } from './page-meta';

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

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
  const serveFile = (cacheControl: string) => async (c: Context<AppEnv>) => {
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // Malformed percent-encoding (/assets/%ff) names no file: 404, not a crash.
      return c.text('Not found', 404);
    }
    const file = path.resolve(distDir, `.${rel}`);
    if (!file.startsWith(distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return c.text('Not found', 404);
    }
    c.header('Content-Type', MIME[path.extname(file)] ?? 'application/octet-stream');
    c.header('Cache-Control', cacheControl);
    return c.body(fs.readFileSync(file));
  };

  app.get('/assets/*', serveFile('public, max-age=31536000, immutable'));
  app.get('/images/*', serveFile('public, max-age=86400'));
  app.get('/favicon.svg', serveFile('public, max-age=86400'));
  app.get('/robots.txt', serveFile('public, max-age=3600'));

  app.get('*', async (c) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text(messages.common.pageNotFound, 404); // malformed percent-encoding names no page
    }
    const html = readTemplate();
    if (!html) return c.text('Client not built. Run `npm run build` (npm start does this for you).', 503);
    const url = new URL(c.req.url);
    const meta = await resolvePageMeta(c.var.deps, url.pathname);
    // Never the request's Host header: a forged Host must not end up in canonical or Open Graph links.
    const origin = c.var.deps.config.publicUrl ?? `http://localhost:${c.var.deps.config.port}`;
    const page = html.replace(META_MARKER, renderMetaTags(meta, origin, url.pathname, c.var.deps.config.messengerUrl));
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });
}
