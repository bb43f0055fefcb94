// Serves the built client: hashed assets and versioned public files (`?v=<content hash>`) with a year-long
// immutable cache, and index.html (with page meta) for app routes, revalidated on every visit (decision 193).
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { messages } from '#shared/messages';
import type { AppEnv } from './env';
import { mountSeoRoutes } from '../modules/seo/seo.rest';
import { matchesEtag } from './built-file-reply';
import { acceptsGzip } from '../modules/catalog';
import { pageParts, type PageParts } from './page-meta';
import {
  renderedPages as pageMemo,
  serverRenderEntry,
  serverRenderer,
  type RenderedPage,
  type ServerRenderer,
} from './server-render';
import { finishPage, type FinishedPage } from './finished-page';
import { RENDER_IN_WORKER, renderInWorker } from '../workers/render-pool';
import type { Logger } from '../log';
import { staticVersions } from './static-versions';
import { inRenderTurn } from './render-turns';
import { isPostgres } from '../db/dialect';
import type { StaticVersions } from '#shared/static-url';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Public files asked for without their current version (old links, a stale `?v=`): cached for a day. */
const UNVERSIONED = 'public, max-age=86400';

/**
 * The page for a head (and, for a server-rendered page, its render), with its ETag, remembered: catalogue pages'
 * parts come from the catalogue cache (the same strings until the catalogue changes), so a page view costs a
 * lookup, not a render, a replace, a SHA-1 and a gzip over the page (gzipped once: rendered pages are tens of
 * kilobytes, and compressing them per request made garbage enough to double the process's memory under load).
 * Bounded in bytes (CACHE_PAGES_BYTES, least recently used first out: server-render.ts, decision 201).
 */
async function renderPage(
  template: string,
  parts: PageParts,
  render: ServerRenderer,
  log: Logger,
  takeTurns: boolean,
): Promise<RenderedPage> {
  const key = parts.render ? `${parts.render.url}\n${parts.head}` : parts.head;
  const known = pageMemo.get(key);
  if (known && known.template === template) return known;
  // Another shopper may have asked for the same page meanwhile: the second waits for the first's.
  const making = pagesBeingMade.get(key);
  if (making) return making;
  const made = renderNew(template, key, parts, render, log, takeTurns);
  pagesBeingMade.set(key, made);
  try {
    return await made;
  } finally {
    pagesBeingMade.delete(key);
  }
}
const pagesBeingMade = new Map<string, Promise<RenderedPage>>();

async function renderNew(
  template: string,
  key: string,
  parts: PageParts,
  render: ServerRenderer,
  log: Logger,
  takeTurns: boolean,
): Promise<RenderedPage> {
  const { finished, rendered } = await finishedPage(template, parts, render, log, takeTurns);
  const entry = { template, ...finished };
  // A failed render is not remembered, so the next visit tries again.
  if (rendered || !parts.render) pageMemo.set(key, entry);
  return entry;
}

/**
 * The page made whole: rendered in the render worker when there is one (render-pool.ts), else on this thread, where
 * renders take turns on SQLite (render-turns.ts); in the worker they cost this thread nothing.
 */
async function finishedPage(
  template: string,
  parts: PageParts,
  render: ServerRenderer,
  log: Logger,
  takeTurns: boolean,
): Promise<{ finished: FinishedPage; rendered: boolean }> {
  if (!parts.render) return { finished: finishPage(template, parts.head, ''), rendered: false };
  const { url, queries } = parts.render;
  const version = render.version();
  if (RENDER_IN_WORKER && version !== null) {
    try {
      const done = await renderInWorker({ entry: render.entry, version, url, queries, template, head: parts.head });
      if (done.error) log.warn({ err: done.error, url }, 'server render failed; the page renders in the browser');
      return { finished: done, rendered: done.rendered };
    } catch (err) {
      log.warn({ err, url }, 'the render worker failed; the page is rendered here');
    }
  }
  const renderHere = () => render(url, queries, log);
  const body = await (takeTurns ? inRenderTurn(renderHere) : renderHere());
  return { finished: finishPage(template, parts.head, body), rendered: body !== '' };
}

export function mountSpa(app: Hono<AppEnv>, distDirInput: string): void {
  const distDir = path.resolve(distDirInput);
  const indexPath = path.join(distDir, 'index.html');
  const render = serverRenderer(serverRenderEntry(distDir));
  let template: string | null = null;
  const readTemplate = () => {
    if (template === null || process.env.NODE_ENV !== 'production') {
      template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
    }
    return template;
  };
  // Content versions of dist's images/** and the favicons, read once in production (the files change only with
  // a new build, i.e. a restart), on every use elsewhere so a rebuilt client is picked up.
  let versions: StaticVersions | null = null;
  const readVersions = () => {
    if (versions === null || process.env.NODE_ENV !== 'production') versions = staticVersions(distDir);
    return versions;
  };
  // Files under dist/ through @hono/node-server's serveStatic (streams, Content-Length, ranges, MIME,
  // traversal and malformed-escape checks); what it does not find is a plain 404, never the SPA page.
  const serveFile = (cacheControl: (c: Context<AppEnv>) => string) => {
    const serve = serveStatic({ root: distDir });
    return async (c: Context<AppEnv>) => {
      const found = await serve(c, async () => {});
      if (!found) return c.text(messages.common.notFound, 404);
      found.headers.set('Cache-Control', cacheControl(c));
      return found;
    };
  };
  // Immutable only when `?v=` is the file's current content version, so a stale or guessed version never
  // pins a different body in caches for a year.
  const versionedCache = (c: Context<AppEnv>) => {
    const v = c.req.query('v');
    return v !== undefined && v === readVersions()[new URL(c.req.url).pathname] ? IMMUTABLE : UNVERSIONED;
  };

  mountSeoRoutes(app); // robots.txt, sitemap.xml, feeds/ (generated, before the page fallback)
  app.get(
    '/assets/*',
    serveFile(() => IMMUTABLE),
  ); // Vite's content-hashed file names
  app.get('/images/*', serveFile(versionedCache));
  // The tab's icon is the PNG (index.html): Chromium draws an SVG favicon as a whole SVG document on the page's main
  // thread (~45 ms under a phone's 4x slower CPU, after first paint); the SVG stays for the structured data's logo.
  app.get('/favicon.svg', serveFile(versionedCache));
  app.get('/favicon.png', serveFile(versionedCache));

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
    // A page's reads and its render take turns on SQLite (render-turns.ts); PostgreSQL's waits let others run anyway.
    // With the render in the worker, a turn is the page's reads alone: the pages the worker finishes would otherwise
    // bring back their shoppers' next requests all at once, and fifty pages' reads in one turn of the loop left new
    // connections (the /healthz probe's) waiting seconds to be accepted.
    const takeTurns = !isPostgres(c.var.deps.db);
    const readParts = () => pageParts(c.var.deps, url, readVersions());
    const parts = await (takeTurns ? inRenderTurn(readParts) : readParts());
    const { page, gzip, etag } = await renderPage(html, parts, render, c.var.log, takeTurns);
    const status = parts.status ?? 200; // 404: a path that names no page, product or category (decisions 202, 212)
    // Revalidated on every visit (no-cache), answered with 304 while the page is unchanged. Headers up front
    // (see catalog.rest.ts): the body is sent in one write.
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache',
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (acceptsGzip(c.req.header('accept-encoding')))
      return c.body(gzip, status, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(page, status, headers);
  });
}
